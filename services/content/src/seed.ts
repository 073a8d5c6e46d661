/**
 * Loads the catalogue: lessons, testimonials, membership tiers, the 12 member sections with
 * their content, and the 5 lectures. Idempotent (each record is found by its seed key, the
 * natural key in `src/catalogue/`: lesson title, testimonial name + location, tier name, section
 * slug + item title, lecture number), so it runs on every start and beside a running service;
 * then announces the change so every replica's cache reloads. Records the seed does not know
 * (added by hand or in the console) are left alone, and so are the founder's: a record edited in
 * the console (`managedBy: 'admin'`) is never written again, and a seeded record deleted in the
 * console (a tombstone) is not brought back.
 *
 * Each run ends by recording the version of the catalogue it wrote (a hash of the catalogue files
 * and the Premium price text) in `catalogue_seed`. `--wait` seeds nothing: it waits until a seed
 * of its own catalogue has run, so a content pod (Kubernetes initContainer) does not serve before
 * the seed Job of the same release has loaded the catalogue.
 *
 *   node services/content/dist/seed.js        (reads MONGO_URL, REDIS_URL, ... like the service: runCommand)
 *   node services/content/dist/seed.js --wait (exits 0 once seeded; 1 after 10 minutes without)
 */
import { createHash } from 'node:crypto';
import { type Logger, runCommand } from '@fm/shared/service';
import { insertOnce, retryOnDuplicateKey } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import type { Connection, Model } from 'mongoose';
import { LECTURES } from './catalogue/lectures';
import { LESSONS } from './catalogue/lessons';
import { SECTIONS } from './catalogue/sections';
import { TESTIMONIALS } from './catalogue/testimonials';
import { membershipTiers } from './catalogue/tiers';
import {
  lecturePublishedAt,
  lessonPublishedAt,
  PUBLICATION_DATES,
  sectionItemPublishedAt,
} from './catalogue/publication-dates';
import { type SeedConfig, seedConfigSchema } from './config';
import { announceCatalogueChange } from './domain/catalogue-events';
import { lectureModel } from './domain/lecture.model';
import { lessonModel } from './domain/lesson.model';
import { memberContentModel } from './domain/member-content.model';
import { memberSectionModel } from './domain/member-section.model';
import { membershipTierModel } from './domain/membership-tier.model';
import { formatPrice } from './domain/site-facts';
import { testimonialModel } from './domain/testimonial.model';
import { tombstoneId, tombstoneModel } from './domain/tombstone.model';
import { seedWorksheetTexts, worksheetFiles } from './seed-worksheets';
import { WORKSHEETS } from './catalogue/worksheets';

export interface SeedOptions {
  /**
   * The Premium tier's stored price text; defaults to the config's defaults (1999, usd → "$19.99").
   * The service answers the price rendered from its own config, whatever is stored.
   */
  premiumPriceCents?: number;
  currency?: string;
  /** With both, the change is announced so running services drop their caches. */
  redis?: Redis;
  redisPrefix?: string;
}

export interface SeedCounts {
  lessons: number;
  testimonials: number;
  membershipTiers: number;
  memberSections: number;
  memberContent: number;
  lectures: number;
}

/**
 * Insert-or-update one record by its natural key. Two seeds racing on a new record both try to
 * insert; the unique index lets one win and the other retries as an update. (Sections: the
 * console does not edit them.)
 */
async function upsert<T>(model: Model<T>, key: Record<string, unknown>, fields: Partial<T>): Promise<void> {
  await retryOnDuplicateKey(() =>
    model.updateOne(key as never, { $set: fields } as never, {
      upsert: true,
      runValidators: true,
      setDefaultsOnInsert: true,
    }),
  );
}

/** What `seedRecord` did with one record of the catalogue files. */
type Outcome = 'updated' | 'inserted' | 'founder-owned' | 'deleted-by-founder';

/**
 * One record of a kind the founder edits in the console, found by its seed key:
 * 1. deleted in the console (tombstone) → left out;
 * 2. the seed's own record (`managedBy` not `admin`) → its fields updated;
 * 3. a record with that seed key exists but is the founder's → left alone;
 * 4. a record seeded before seed keys existed (found by the natural key, no seed key, not the
 *    founder's) → adopted: seed key set, fields updated;
 * 5. otherwise inserted; a unique index refusing it (a parallel seed, or a founder's record
 *    holding the natural key) leaves things as they are.
 */
async function seedRecord<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: { record: Model<any>; tombstones: ReturnType<typeof tombstoneModel> },
  kind: string,
  seedKey: string,
  naturalKey: Record<string, unknown>,
  fields: Partial<T>,
): Promise<Outcome> {
  const tombstone = tombstoneId(kind, seedKey);
  if (await models.tombstones.exists({ _id: tombstone })) return 'deleted-by-founder';
  const model = models.record;
  const notFounders = { managedBy: { $ne: 'admin' } };
  const own = await model.updateOne({ seedKey, ...notFounders }, { $set: fields }, { runValidators: true });
  if (own.matchedCount > 0) return 'updated';
  if (await model.exists({ seedKey })) return 'founder-owned';
  const adopted = await model.updateOne(
    { ...naturalKey, seedKey: null, ...notFounders },
    { $set: { ...fields, seedKey } },
    { runValidators: true },
  );
  if (adopted.matchedCount > 0) return 'updated';
  const inserted = await insertOnce(() => model.create({ ...fields, seedKey, managedBy: 'seed' }));
  if (!inserted) return 'founder-owned';
  // Deleted in the console while this seed was inserting it: the founder's delete wins.
  if (await models.tombstones.exists({ _id: tombstone })) {
    await model.deleteOne({ seedKey, ...notFounders });
    return 'deleted-by-founder';
  }
  return 'inserted';
}

/** Where each seed records the catalogue version it wrote (one document). */
const SEED_MARKER_COLLECTION = 'catalogue_seed';
const SEED_MARKER_ID = 'catalogue';

interface SeedMarker {
  _id: string;
  version: string;
  seededAt: Date;
}

const markers = (mongo: Connection) => mongo.db!.collection<SeedMarker>(SEED_MARKER_COLLECTION);

function premiumPriceText(options: Pick<SeedOptions, 'premiumPriceCents' | 'currency'>): string {
  return formatPrice(
    options.premiumPriceCents ?? seedConfigSchema.shape.PREMIUM_PRICE_CENTS.parse(undefined),
    options.currency ?? seedConfigSchema.shape.CURRENCY.parse(undefined),
  );
}

/**
 * The version of the catalogue a seed with these options writes: a hash of the catalogue files
 * and the Premium price text. The same image and config give the same version.
 */
export function catalogueVersion(options: Pick<SeedOptions, 'premiumPriceCents' | 'currency'> = {}): string {
  const tiers = membershipTiers(premiumPriceText(options));
  const written = { LESSONS, TESTIMONIALS, tiers, LECTURES, SECTIONS, PUBLICATION_DATES, WORKSHEETS };
  return createHash('sha256').update(JSON.stringify(written)).digest('hex').slice(0, 16);
}

/** The catalogue version the last finished seed wrote, or null before any seed finished. */
export async function seededVersion(mongo: Connection): Promise<string | null> {
  return (await markers(mongo).findOne({ _id: SEED_MARKER_ID }))?.version ?? null;
}

/**
 * Polls until a seed of `version` has finished. True once it has; false when `timeoutMs` passes
 * first. `onWait` hears the version found (null: none yet) at most every `reportMs`.
 */
export async function waitForSeed(
  mongo: Connection,
  version: string,
  opts: { timeoutMs: number; intervalMs?: number; reportMs?: number; onWait?: (found: string | null) => void },
): Promise<boolean> {
  const { timeoutMs, intervalMs = 2000, reportMs = 30_000, onWait } = opts;
  const deadline = Date.now() + timeoutMs;
  let reported = 0;
  for (;;) {
    const found = await seededVersion(mongo);
    if (found === version) return true;
    if (Date.now() >= deadline) return false;
    if (onWait && Date.now() - reported >= reportMs) {
      onWait(found);
      reported = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

export async function seedCatalogue(mongo: Connection, options: SeedOptions = {}): Promise<SeedCounts> {
  const premiumPrice = premiumPriceText(options);
  const models = {
    lessons: lessonModel(mongo),
    testimonials: testimonialModel(mongo),
    tiers: membershipTierModel(mongo),
    sections: memberSectionModel(mongo),
    content: memberContentModel(mongo),
    lectures: lectureModel(mongo),
    tombstones: tombstoneModel(mongo),
  };
  const { tombstones } = models;
  // The unique indexes must exist before concurrent upserts rely on them.
  await Promise.all(Object.values(models).map((model) => (model as Model<unknown>).init()));

  // One write at a time: a handful of small upserts, and kind to a single-file development store.
  for (const lesson of LESSONS) {
    const fields = { ...lesson, publishedAt: lessonPublishedAt(lesson.title) };
    await seedRecord({ record: models.lessons, tombstones }, 'lesson', lesson.title, { title: lesson.title }, fields);
  }
  for (const t of TESTIMONIALS) {
    const key = { name: t.name, location: t.location };
    await seedRecord({ record: models.testimonials, tombstones }, 'testimonial', `${t.name}|${t.location}`, key, t);
  }
  for (const tier of membershipTiers(premiumPrice)) {
    await seedRecord({ record: models.tiers, tombstones }, 'tier', tier.name, { name: tier.name }, tier);
  }
  for (const lecture of LECTURES) {
    const key = { number: lecture.number };
    const fields = { ...lecture, publishedAt: lecturePublishedAt(lecture.number) };
    await seedRecord({ record: models.lectures, tombstones }, 'lecture', String(lecture.number), key, fields);
  }
  for (const { items, ...section } of SECTIONS) {
    await upsert(models.sections, { slug: section.slug }, section);
    const stored = await models.sections.findOne({ slug: section.slug }, { _id: 1 }).lean();
    if (!stored) throw new Error(`Section ${section.slug} was not stored`);
    for (const item of items) {
      await seedRecord(
        { record: models.content, tombstones },
        'section-item',
        `${section.slug}/${item.title}`,
        { sectionId: stored._id, title: item.title },
        { ...item, sectionId: stored._id, publishedAt: sectionItemPublishedAt(section.slug, item.order) },
      );
    }
  }

  await seedWorksheetTexts(mongo);

  // Last, once every record is written: what `--wait` waits for.
  await markers(mongo).updateOne(
    { _id: SEED_MARKER_ID },
    { $set: { version: catalogueVersion(options), seededAt: new Date() } },
    { upsert: true },
  );

  if (options.redis && options.redisPrefix) await announceCatalogueChange(options.redis, options.redisPrefix, 'seed');

  const [lessons, testimonials, membershipTiersCount, memberSections, memberContent, lectures] = await Promise.all([
    models.lessons.countDocuments(),
    models.testimonials.countDocuments(),
    models.tiers.countDocuments(),
    models.sections.countDocuments(),
    models.content.countDocuments(),
    models.lectures.countDocuments(),
  ]);
  return { lessons, testimonials, membershipTiers: membershipTiersCount, memberSections, memberContent, lectures };
}

const WAIT_TIMEOUT_MS = 10 * 60_000;

/** `--wait`: done once a seed of this image's catalogue has run; throws after WAIT_TIMEOUT_MS (exit 1). */
async function waitForThisCatalogue(mongo: Connection, config: SeedConfig, logger: Logger): Promise<void> {
  const version = catalogueVersion({ premiumPriceCents: config.PREMIUM_PRICE_CENTS, currency: config.CURRENCY });
  const seeded = await waitForSeed(mongo, version, {
    timeoutMs: WAIT_TIMEOUT_MS,
    onWait: (found) => logger.info({ version, found }, 'waiting for the seed of this catalogue version'),
  });
  if (!seeded) {
    throw new Error(
      `no seed of catalogue version ${version} within ${WAIT_TIMEOUT_MS / 60_000} minutes ` +
        `(last seeded: ${(await seededVersion(mongo)) ?? 'none'}); has the seed Job of this release run?`,
    );
  }
  logger.info({ version }, 'catalogue seeded');
}

if (require.main === module) {
  void runCommand({
    name: 'content-seed',
    configSchema: seedConfigSchema,
    from: __dirname,
    logLevel: (config) => config.LOG_LEVEL,
    run: async (_parts, { config, logger, mongo, redis }) => {
      if (process.argv.includes('--wait')) return waitForThisCatalogue(mongo, config, logger);
      const counts = await seedCatalogue(mongo, {
        premiumPriceCents: config.PREMIUM_PRICE_CENTS,
        currency: config.CURRENCY,
        redis,
        redisPrefix: config.REDIS_PREFIX,
      });
      logger.info({ counts }, 'catalogue seeded');
      const made = await worksheetFiles(mongo, config.PRODUCT_NAME);
      logger.info({ made }, made.length ? 'worksheet PDFs made' : 'worksheet PDFs up to date');
    },
  });
}
