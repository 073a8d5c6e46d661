import mongoose, { Schema } from 'mongoose';
import { baseEnvSchema } from './config';
import { insertOnce, isDuplicateKey, isObjectId, registerModel, retryOnDuplicateKey, schemaOptions } from './mongo';
import { createTestDeps, type TestDeps } from './testing';

interface Tag {
  name: string;
  uses: number;
}

const tagSchema = new Schema<Tag>(
  { name: { type: String, required: true, unique: true }, uses: { type: Number, default: 0 } },
  schemaOptions({ collection: 'kit_tags' }),
);

let deps: TestDeps<ReturnType<typeof baseEnvSchema.parse>>;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  await registerModel(deps.mongo, 'Tag', tagSchema).init();
});

afterAll(async () => {
  await deps.close();
});

describe('registerModel', () => {
  it('when a model is registered twice on one connection, then the same model is handed back', () => {
    expect(registerModel(deps.mongo, 'Tag', tagSchema)).toBe(registerModel(deps.mongo, 'Tag', tagSchema));
  });

  it("when documents are written, then they land in the schema's collection", async () => {
    await registerModel(deps.mongo, 'Tag', tagSchema).create({ name: 'collection-check' });
    expect(await deps.mongo.collection('kit_tags').countDocuments({ name: 'collection-check' })).toBe(1);
  });
});

describe('isDuplicateKey', () => {
  it('when a unique index refuses a second insert, then the error is a duplicate key', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    await Tag.create({ name: 'putting' });
    const err: unknown = await Tag.create({ name: 'putting' }).catch((e: unknown) => e);
    expect(isDuplicateKey(err)).toBe(true);
  });

  it('when a write fails validation or anything else is thrown, then it is not a duplicate key', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    const err: unknown = await Tag.create({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mongoose.Error.ValidationError);
    expect(isDuplicateKey(err)).toBe(false);
    expect(
      [new Error('E11000 in a message only'), null, undefined, 11000, { code: '11000' }].some(isDuplicateKey),
    ).toBe(false);
  });
});

describe('insertOnce', () => {
  it('when the record is new, then it is inserted and the call says so', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    expect(await insertOnce(() => Tag.create({ name: 'driving' }))).toBe(true);
    expect(await Tag.countDocuments({ name: 'driving' })).toBe(1);
  });

  it('when the same record comes again (a replay), then nothing is written and the call says so', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    await Tag.create({ name: 'bunker', uses: 3 });
    expect(await insertOnce(() => Tag.create({ name: 'bunker', uses: 9 }))).toBe(false);
    expect(await Tag.find({ name: 'bunker' }).lean()).toEqual([expect.objectContaining({ uses: 3 })]);
  });

  it('when the insert fails for another reason, then the error is not hidden', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    await expect(insertOnce(() => Tag.create({}))).rejects.toBeInstanceOf(mongoose.Error.ValidationError);
  });
});

describe('retryOnDuplicateKey', () => {
  it('when the first write loses the unique index to another, then it runs again and its result counts', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    await Tag.create({ name: 'chipping' });
    let attempts = 0;
    const result = await retryOnDuplicateKey(async () => {
      attempts += 1;
      // The first attempt meets the other writer's record, as a losing concurrent insert does.
      if (attempts === 1) await Tag.create({ name: 'chipping' });
      return Tag.updateOne({ name: 'chipping' }, { $inc: { uses: 1 } });
    });
    expect(attempts).toBe(2);
    expect(result.modifiedCount).toBe(1);
    expect(await Tag.findOne({ name: 'chipping' }).lean()).toMatchObject({ uses: 1 });
  });

  it('when the record is deleted and inserted again between tries, then it keeps trying, up to its limit', async () => {
    const Tag = registerModel(deps.mongo, 'Tag', tagSchema);
    await Tag.create({ name: 'lag-putting' });
    let attempts = 0;
    // Two lost races in a row (a member's own like/unlike racing), then the write goes through.
    const result = await retryOnDuplicateKey(async () => {
      attempts += 1;
      if (attempts <= 2) await Tag.create({ name: 'lag-putting' });
      return Tag.updateOne({ name: 'lag-putting' }, { $inc: { uses: 1 } });
    });
    expect(attempts).toBe(3);
    expect(result.modifiedCount).toBe(1);

    let tries = 0;
    const alwaysLoses = async () => {
      tries += 1;
      await Tag.create({ name: 'lag-putting' });
    };
    await expect(retryOnDuplicateKey(alwaysLoses, 4)).rejects.toMatchObject({ code: 11000 });
    expect(tries).toBe(4);
  });

  it('when the write fails for another reason, then the error is not hidden and it is not run again', async () => {
    let attempts = 0;
    const write = async () => {
      attempts += 1;
      throw new Error('connection reset');
    };
    await expect(retryOnDuplicateKey(write)).rejects.toThrow('connection reset');
    expect(attempts).toBe(1);
  });
});

describe('isObjectId', () => {
  it('when the value is 24 hex digits in either case, then it is an ObjectId', () => {
    expect(isObjectId('0123456789abcdef01234567')).toBe(true);
    expect(isObjectId('0123456789ABCDEF01234567')).toBe(true);
    expect(isObjectId(String(new mongoose.Types.ObjectId()))).toBe(true);
  });

  it.each([
    ['a 12-character string (which isValidObjectId accepts)', 'zzzzzzzzzzzz'],
    ['23 hex digits', '0123456789abcdef0123456'],
    ['25 hex digits', '0123456789abcdef012345678'],
    ['non-hex characters', '0123456789abcdef0123456g'],
    ['an operator', '$ne'],
    ['an ObjectId instance (not a string)', new mongoose.Types.ObjectId()],
    ['an object', { $gt: '' }],
  ])('when the value is %s, then it is not', (_label, value) => {
    expect(isObjectId(value)).toBe(false);
  });
});
