import { type Bag, DEFAULT_BAG, type Round } from '@fm/contracts';
import { NotFoundError, UnauthorizedError } from '@fm/shared/http';
import { isDuplicateKey, retryOnDuplicateKey } from '@fm/shared/store';
import type { CourseRoundRecord, RoundModels } from './round.model';
import { normaliseRoundId, type RoundInput, type RoundListQuery } from './round.schemas';
import type { CourseRecord } from './course.model';
import type { Page } from './course-view';
import { HOLES } from './course.schemas';

export const ROUND_NOT_FOUND = 'Round not found';

/** Newest first: by when the round finished, then by when it was stored. */
const NEWEST_ROUND_FIRST = { finishedAt: -1, createdAt: -1, _id: -1 } as const;

export interface RoundServiceDeps {
  models: RoundModels;
  /** The course the member may see (own or public), else 404 (CourseService.visible). */
  visibleCourse(viewerId: string, courseId: string): Promise<Pick<CourseRecord, '_id' | 'name'>>;
  /** Whether auth's account-deleted event was applied for the member (their tombstone). */
  isDeletedMember(userId: string): Promise<boolean>;
}

/** What a member's data export holds from the bag and the rounds. */
export interface RoundMemberExport {
  bag: Bag | null;
  rounds: Round[];
}

/** What the pre-round card shows of the member's earlier rounds on one course. */
export interface CourseRoundHistory {
  /** How many rounds were read (the newest `rounds`). */
  rounds: number;
  /** Holes 1-18: the mean routine score (null: never scored) and the notes, newest first. */
  holes: { hole: number; routine: number | null; notes: { date: Date; note: string }[] }[];
}

/** The mean routine score of the scored holes, one decimal. */
export function mentalScore(holes: readonly { routine: number }[]): number {
  if (holes.length === 0) return 0;
  const sum = holes.reduce((total, hole) => total + hole.routine, 0);
  return Math.round((sum / holes.length) * 10) / 10;
}

export function presentRound(record: CourseRoundRecord): Round {
  return {
    id: record.roundId,
    courseId: record.courseId,
    courseName: record.courseName,
    startedAt: record.startedAt.toISOString(),
    finishedAt: record.finishedAt.toISOString(),
    holes: record.holes.map(({ hole, routine, note }) => ({ hole, routine, note: note ?? null })),
    review: {
      wentWell: record.review?.wentWell ?? null,
      workOn: record.review?.workOn ?? null,
      word: record.review?.word ?? null,
    },
    mentalScore: mentalScore(record.holes),
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * The member's bag (the clubs they carry) and their rounds' mental scorecards. Both are the
 * member's alone: every read and write is filtered by the caller's id, and another member's round
 * is "not found". A write that raced the member's account deletion withdraws (401), as a course does.
 */
export class RoundService {
  constructor(private readonly deps: RoundServiceDeps) {}

  async getBag(userId: string): Promise<Bag> {
    const bag = await this.deps.models.CourseBag.findById(userId).lean<{ clubIds: string[] }>();
    return { clubIds: (bag?.clubIds ?? [...DEFAULT_BAG]) as Bag['clubIds'] };
  }

  async setBag(userId: string, clubIds: Bag['clubIds']): Promise<Bag> {
    const { CourseBag } = this.deps.models;
    // Two first saves at once both upsert: the loser's insert hits the _id index and, retried, updates.
    await retryOnDuplicateKey(() =>
      CourseBag.updateOne({ _id: userId }, { $set: { clubIds } }, { upsert: true, runValidators: true }),
    );
    if (await this.deps.isDeletedMember(userId)) {
      await CourseBag.deleteOne({ _id: userId });
      throw new UnauthorizedError();
    }
    return { clubIds };
  }

  /**
   * Stores a finished round once: the first time → `created: true` (201); the same id again (a
   * retry, the outbox sending after a lost answer) → the round already stored, `created: false`
   * (200), whatever the second body says.
   */
  async saveRound(userId: string, courseId: string, input: RoundInput): Promise<{ round: Round; created: boolean }> {
    const { CourseRound } = this.deps.models;
    const existing = await this.findOwn(userId, input.id);
    if (existing) return { round: presentRound(existing), created: false };
    const course = await this.deps.visibleCourse(userId, courseId);
    try {
      await CourseRound.create({
        userId,
        roundId: input.id,
        courseId: String(course._id),
        courseName: course.name,
        startedAt: input.startedAt,
        finishedAt: input.finishedAt,
        holes: input.holes,
        review: input.review,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The same round sent twice at once: the other request stored it.
      const stored = await this.findOwn(userId, input.id);
      if (stored) return { round: presentRound(stored), created: false };
      throw err;
    }
    if (await this.deps.isDeletedMember(userId)) {
      await CourseRound.deleteOne({ userId, roundId: input.id });
      throw new UnauthorizedError();
    }
    return { round: presentRound((await this.findOwn(userId, input.id))!), created: true };
  }

  async listRounds(userId: string, query: RoundListQuery): Promise<Page<Round>> {
    const { CourseRound } = this.deps.models;
    const filter = query.courseId === undefined ? { userId } : { userId, courseId: query.courseId };
    const [records, total] = await Promise.all([
      CourseRound.find(filter)
        .sort(NEWEST_ROUND_FIRST)
        .skip(query.offset)
        .limit(query.limit)
        .lean<CourseRoundRecord[]>(),
      CourseRound.countDocuments(filter),
    ]);
    return { items: records.map(presentRound), total };
  }

  async getRound(userId: string, roundId: string): Promise<Round> {
    const record = await this.findOwn(userId, roundId);
    if (!record) throw new NotFoundError(ROUND_NOT_FOUND);
    return presentRound(record);
  }

  /** The member's own round goes; anyone else's, or an unknown id, is 404. */
  async deleteRound(userId: string, roundId: string): Promise<void> {
    const id = normaliseRoundId(roundId);
    const { deletedCount } = id
      ? await this.deps.models.CourseRound.deleteOne({ userId, roundId: id })
      : { deletedCount: 0 };
    if (deletedCount === 0) throw new NotFoundError(ROUND_NOT_FOUND);
  }

  /**
   * The member's own history on one course for the pre-round card: of their newest `rounds`
   * rounds there, each hole's mean routine score and its newest `notesPerHole` notes.
   */
  async courseHistory(
    userId: string,
    courseId: string,
    { rounds, notesPerHole }: { rounds: number; notesPerHole: number },
  ): Promise<CourseRoundHistory> {
    const records = await this.deps.models.CourseRound.find({ userId, courseId })
      .sort(NEWEST_ROUND_FIRST)
      .limit(rounds)
      .select({ finishedAt: 1, holes: 1 })
      .lean<Pick<CourseRoundRecord, 'finishedAt' | 'holes'>[]>();
    const holes = Array.from({ length: HOLES }, (_, i) => {
      const scored = records.flatMap((round) =>
        round.holes.filter((h) => h.hole === i + 1).map((h) => ({ ...h, date: round.finishedAt })),
      );
      return {
        hole: i + 1,
        routine: scored.length === 0 ? null : mentalScore(scored),
        notes: scored
          .filter((h) => h.note)
          .slice(0, notesPerHole)
          .map((h) => ({ date: h.date, note: h.note! })),
      };
    });
    return { rounds: records.length, holes };
  }

  /** The member's bag (null: never chosen) and rounds, newest first, for their data export. */
  async exportFor(userId: string): Promise<RoundMemberExport> {
    const { CourseBag, CourseRound } = this.deps.models;
    const [bag, rounds] = await Promise.all([
      CourseBag.findById(userId).lean<{ clubIds: string[] }>(),
      CourseRound.find({ userId }).sort(NEWEST_ROUND_FIRST).lean<CourseRoundRecord[]>(),
    ]);
    return {
      bag: bag ? { clubIds: bag.clubIds as Bag['clubIds'] } : null,
      rounds: rounds.map(presentRound),
    };
  }

  /** The member's account was deleted: their bag and rounds go. */
  async deleteMember(userId: string): Promise<{ rounds: number; bags: number }> {
    const { CourseBag, CourseRound } = this.deps.models;
    const [rounds, bags] = await Promise.all([
      CourseRound.deleteMany({ userId }),
      CourseBag.deleteMany({ _id: userId }),
    ]);
    return { rounds: rounds.deletedCount, bags: bags.deletedCount };
  }

  private findOwn(userId: string, roundId: string): Promise<CourseRoundRecord | null> {
    const id = normaliseRoundId(roundId);
    if (!id) return Promise.resolve(null);
    return this.deps.models.CourseRound.findOne({ userId, roundId: id }).lean<CourseRoundRecord>();
  }
}
