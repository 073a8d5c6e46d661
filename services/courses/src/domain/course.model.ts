import { registerModel, schemaOptions } from '@fm/shared';
import { type Connection, type Model, Schema, type Types } from 'mongoose';
import { ALLOWED_PARS, DEFAULT_PAR, HOLES } from './course.schemas';

/** A course as stored in `courses`. `userId` is the owner (a users `_id` from auth). */
export interface CourseRecord {
  _id: Types.ObjectId;
  userId: string;
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

export interface CourseModels {
  Course: Model<CourseRecord>;
  CourseLike: Model<CourseLikeRecord>;
  CourseFavorite: Model<CourseFavoriteRecord>;
  /** Resolves once the collections and their (unique) indexes exist. */
  ready(): Promise<void>;
}

/** The service's models on one connection (each test file has its own). */
export function courseModels(connection: Connection): CourseModels {
  const Course = registerModel(connection, 'Course', courseSchema);
  const CourseLike = registerModel(connection, 'CourseLike', courseLikeSchema);
  const CourseFavorite = registerModel(connection, 'CourseFavorite', courseFavoriteSchema);
  return {
    Course,
    CourseLike,
    CourseFavorite,
    // Model.init() is memoised by mongoose: the first call builds the indexes, later ones are free.
    ready: async () => {
      await Promise.all([Course.init(), CourseLike.init(), CourseFavorite.init()]);
    },
  };
}
