import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema, type Types } from 'mongoose';

/** The clubs a member carries (`course_bags`, one per member, keyed by userId); absent: the default bag. */
export interface CourseBagRecord {
  _id: string;
  clubIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One finished round's mental scorecard (`course_rounds`): the routine score (1-5) and note of
 * each scored hole, and the three-line review. Never the shots (SPEC §3: shots are not stored).
 * `roundId` is the member's device's id for the round: unique per member, so the same round sent
 * twice (a retry, a second tab, an outbox replay) is stored once.
 */
export interface CourseRoundRecord {
  _id: Types.ObjectId;
  userId: string;
  roundId: string;
  courseId: string;
  courseName: string;
  startedAt: Date;
  finishedAt: Date;
  holes: { hole: number; routine: number; note: string | null }[];
  review: { wentWell: string | null; workOn: string | null; word: string | null };
  createdAt: Date;
  updatedAt: Date;
}

const bagSchema = new Schema<CourseBagRecord>(
  {
    _id: { type: String, required: true },
    clubIds: { type: [String], required: true },
  },
  schemaOptions({ collection: 'course_bags' }),
);

const roundSchema = new Schema<CourseRoundRecord>(
  {
    userId: { type: String, required: true },
    roundId: { type: String, required: true },
    courseId: { type: String, required: true },
    courseName: { type: String, required: true },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, required: true },
    holes: {
      type: [
        new Schema(
          { hole: Number, routine: Number, note: { type: String, default: null } },
          { _id: false, versionKey: false },
        ),
      ],
      required: true,
    },
    review: {
      wentWell: { type: String, default: null },
      workOn: { type: String, default: null },
      word: { type: String, default: null },
    },
  },
  schemaOptions({ collection: 'course_rounds' }),
);
roundSchema.index({ userId: 1, roundId: 1 }, { unique: true });
// A member's rounds, newest first.
roundSchema.index({ userId: 1, finishedAt: -1 });

export interface RoundModels {
  CourseBag: Model<CourseBagRecord>;
  CourseRound: Model<CourseRoundRecord>;
  /** Resolves once the collections and their (unique) indexes exist. */
  ready(): Promise<void>;
}

export function roundModels(connection: Connection): RoundModels {
  const CourseBag = registerModel(connection, 'CourseBag', bagSchema);
  const CourseRound = registerModel(connection, 'CourseRound', roundSchema);
  let built = false;
  return {
    CourseBag,
    CourseRound,
    ready: async () => {
      if (built) return;
      await Promise.all([CourseBag.init(), CourseRound.init()]);
      built = true;
    },
  };
}
