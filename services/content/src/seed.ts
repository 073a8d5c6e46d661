/**
 * Loads the catalogue: lessons, testimonials, membership tiers, the 12 member sections with
 * their content, and the 5 lectures. Idempotent (upserts by a natural key: lesson title,
 * testimonial name + location, tier name, section slug, section + item title, lecture number),
 * so it runs on every start and beside a running service; then bumps the catalogue version so
 * every replica's cache reloads. Records the seed does not know (added by hand) are left alone.
 *
 *   node services/content/dist/seed.js        (reads MONGO_URL, REDIS_URL, ... like the service)
 */
import { connectMongo, createLogger, createRedis, loadConfig, retryOnDuplicateKey } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { Connection, Model } from 'mongoose';
import { LECTURES } from './catalogue/lectures';
import { LESSONS } from './catalogue/lessons';
import { SECTIONS } from './catalogue/sections';
import { TESTIMONIALS } from './catalogue/testimonials';
import { membershipTiers } from './catalogue/tiers';
import { seedConfigSchema } from './config';
import { bumpCatalogueVersion } from './domain/catalogue-cache';
import { lectureModel } from './domain/lecture.model';
import { lessonModel } from './domain/lesson.model';
import { memberContentModel } from './domain/member-content.model';
import { memberSectionModel } from './domain/member-section.model';
import { membershipTierModel } from './domain/membership-tier.model';
import { formatPrice } from './domain/site-facts';
import { testimonialModel } from './domain/testimonial.model';

export interface SeedOptions {
  /**
   * The Premium tier's stored price text; defaults to the config's defaults (1999, usd → "$19.99").
   * The service answers the price rendered from its own config, whatever is stored.
   */
  premiumPriceCents?: number;
  currency?: string;
  /** With both, the catalogue version is bumped so running services drop their caches. */
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
 * insert; the unique index lets one win and the other retries as an update.
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

export async function seedCatalogue(mongo: Connection, options: SeedOptions = {}): Promise<SeedCounts> {
  const premiumPrice = formatPrice(
    options.premiumPriceCents ?? seedConfigSchema.shape.PREMIUM_PRICE_CENTS.parse(undefined),
    options.currency ?? seedConfigSchema.shape.CURRENCY.parse(undefined),
  );
  const models = {
    lessons: lessonModel(mongo),
    testimonials: testimonialModel(mongo),
    tiers: membershipTierModel(mongo),
    sections: memberSectionModel(mongo),
    content: memberContentModel(mongo),
    lectures: lectureModel(mongo),
  };
  // The unique indexes must exist before concurrent upserts rely on them.
  await Promise.all(Object.values(models).map((model) => (model as Model<unknown>).init()));

  // One write at a time: a handful of small upserts, and kind to a SQLite-backed FerretDB.
  for (const lesson of LESSONS) await upsert(models.lessons, { title: lesson.title }, lesson);
  for (const t of TESTIMONIALS) await upsert(models.testimonials, { name: t.name, location: t.location }, t);
  for (const tier of membershipTiers(premiumPrice)) await upsert(models.tiers, { name: tier.name }, tier);
  for (const lecture of LECTURES) await upsert(models.lectures, { number: lecture.number }, lecture);
  for (const { items, ...section } of SECTIONS) {
    await upsert(models.sections, { slug: section.slug }, section);
    const stored = await models.sections.findOne({ slug: section.slug }, { _id: 1 }).lean();
    if (!stored) throw new Error(`Section ${section.slug} was not stored`);
    for (const item of items) {
      await upsert(models.content, { sectionId: stored._id, title: item.title }, { ...item, sectionId: stored._id });
    }
  }

  if (options.redis && options.redisPrefix) await bumpCatalogueVersion(options.redis, options.redisPrefix);

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

async function main(): Promise<void> {
  const config = loadConfig(seedConfigSchema);
  const logger = createLogger({ name: 'content-seed', level: config.LOG_LEVEL });
  const mongo = await connectMongo(config.MONGO_URL);
  const redis = createRedis(config.REDIS_URL);
  try {
    const counts = await seedCatalogue(mongo, {
      premiumPriceCents: config.PREMIUM_PRICE_CENTS,
      currency: config.CURRENCY,
      redis,
      redisPrefix: config.REDIS_PREFIX,
    });
    logger.info({ counts }, 'catalogue seeded');
  } finally {
    await Promise.allSettled([mongo.close(), redis.quit()]);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`content seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
