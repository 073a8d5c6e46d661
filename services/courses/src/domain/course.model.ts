import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema, type Types } from 'mongoose';
import { ALLOWED_PARS, DEFAULT_PAR, HOLES } from './course.schemas';

/**
 * A course as stored in `courses`. `userId` is the owner (a users `_id` from auth). The owner's
 * display name is kept on the course (`ownerName`), so showing a course never reads auth's
 * `users`: set from the logged-in owner at create, then from auth's `member-profile-changed`
 * events. `ownerNameChangedAt` is the `occurredAt` of the event that set it (null: set at create),
 * so an older event never overwrites a newer name. Courses stored before these fields existed
 * have neither and answer `ownerName: null` until the owner's next name change (no backfill).
 */
export interface CourseRecord {
  _id: Types.ObjectId;
  userId: string;
  ownerName?: string | null;
  ownerNameChangedAt?: Date | null;
  name: string;
  description: string | null;
  city: string;
  state: string;
  country: string;
  photoUrl: string | null;
  scorecardUrl: string | null;
  pars: number[];
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** One member's thumbs up (`isLike: true`) or down on one course; unique per (course, member). */
export interface CourseLikeRecord {
  _id: Types.ObjectId;
  courseId: Types.ObjectId;
  userId: string;
  isLike: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The newest name auth has announced for a member who owns (or may own) courses, keyed by their
 * userId: it orders `member-profile-changed` events (`changedAt`: an older one changes nothing)
 * and names a course whose create raced a name change. When the member's account is deleted it
 * becomes a tombstone (`deleted`, no name, `changedAt` later than any event): a course, like or
 * favorite written by a request already past the guard then finds it and withdraws itself.
 */
export interface CourseOwnerRecord {
  _id: string;
  ownerName: string | null;
  changedAt: Date;
  eventId: string;
  deleted?: boolean;
  /** When the account was deleted (auth's `occurredAt`). */
  deletedAt?: Date;
}

/** One member's bookmark of one course; unique per (course, member). */
export interface CourseFavoriteRecord {
  _id: Types.ObjectId;
  courseId: Types.ObjectId;
  userId: string;
  createdAt: Date;
}

const required = () => ({ type: String, trim: true, required: true });
const optional = () => ({ type: String, trim: true, default: null });

// Requests are validated by course.schemas.ts first; text lengths and characters are its rule
// (the kit's textField) alone. The model keeps the shape as the last line of defence, and
// updates run its validators too (runValidators).
const courseSchema = new Schema<CourseRecord>(
  {
    userId: { type: String, required: true },
    ownerName: { type: String, default: null },
    ownerNameChangedAt: { type: Date, default: null },
    name: required(),
    description: optional(),
    city: required(),
    state: required(),
    country: required(),
    photoUrl: optional(),
    scorecardUrl: optional(),
    pars: {
      type: [Number],
      default: () => Array.from({ length: HOLES }, () => DEFAULT_PAR),
      validate: {
        validator: (pars: number[]) => pars.length === HOLES && pars.every((par) => ALLOWED_PARS.includes(par)),
        message: 'Must have exactly 18 holes, each par 3, 4 or 5',
      },
    },
    isPublic: { type: Boolean, default: false },
  },
  schemaOptions({ collection: 'courses' }),
);
// A member's library and the community list, both newest first.
courseSchema.index({ userId: 1, createdAt: -1 });
courseSchema.index({ isPublic: 1, createdAt: -1 });

const courseLikeSchema = new Schema<CourseLikeRecord>(
  {
    courseId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
    isLike: { type: Boolean, required: true },
  },
  schemaOptions({ collection: 'course_likes' }),
);
courseLikeSchema.index({ courseId: 1, userId: 1 }, { unique: true });
courseLikeSchema.index({ userId: 1 });

const courseFavoriteSchema = new Schema<CourseFavoriteRecord>(
  {
    courseId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
  },
  schemaOptions({ collection: 'course_favorites', timestamps: { createdAt: true, updatedAt: false } }),
);
courseFavoriteSchema.index({ courseId: 1, userId: 1 }, { unique: true });
courseFavoriteSchema.index({ userId: 1, createdAt: -1 });

const courseOwnerSchema = new Schema<CourseOwnerRecord>(
  {
    _id: { type: String, required: true },
    ownerName: { type: String, default: null },
    changedAt: { type: Date, required: true },
    eventId: { type: String, required: true },
    deleted: { type: Boolean },
    deletedAt: { type: Date },
  },
  schemaOptions({ collection: 'course_owners' }),
);

export interface CourseModels {
  Course: Model<CourseRecord>;
  CourseLike: Model<CourseLikeRecord>;
  CourseFavorite: Model<CourseFavoriteRecord>;
  CourseOwner: Model<CourseOwnerRecord>;
  /** Resolves once the collections and their (unique) indexes exist. */
  ready(): Promise<void>;
}

/** The service's models on one connection (each test file has its own). */
export function courseModels(connection: Connection): CourseModels {
  const Course = registerModel(connection, 'Course', courseSchema);
  const CourseLike = registerModel(connection, 'CourseLike', courseLikeSchema);
  const CourseFavorite = registerModel(connection, 'CourseFavorite', courseFavoriteSchema);
  const CourseOwner = registerModel(connection, 'CourseOwner', courseOwnerSchema);
  let built = false;
  return {
    Course,
    CourseLike,
    CourseFavorite,
    CourseOwner,
    // Model.init() is memoised by mongoose: the first call builds the indexes. Once they exist,
    // a request's check is a flag (every course request awaits it).
    ready: async () => {
      if (built) return;
      await Promise.all([Course.init(), CourseLike.init(), CourseFavorite.init(), CourseOwner.init()]);
      built = true;
    },
  };
}
