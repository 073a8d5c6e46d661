/**
 * The guard half of "every service that holds personal data is in the deletion fan-out": every
 * collection any service declares must be in test/personal-data.ts, with each field named like a
 * member id or address, and with what the deletion does to it (the e2e test checks it does).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Schema } from 'mongoose';
import { COLLECTIONS, PERSONAL_FIELD } from '../test/personal-data';

const SERVICES = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = readdirSync(SERVICES)
  .filter((name) => existsSync(path.join(SERVICES, name, 'src', 'server.ts')) || name === 'shared')
  .flatMap((name) => sourceFiles(path.join(SERVICES, name, 'src')));

/** Every schema built while the model files load (mongoose sets `options` before the first add). */
function declaredSchemas(): { file: string; collection: string | undefined; paths: string[] }[] {
  const seen: { file: string; schema: Schema }[] = [];
  const add = Schema.prototype.add;
  let current = '';
  const spy = jest.spyOn(Schema.prototype, 'add').mockImplementation(function (this: Schema, ...args) {
    if (!seen.some((entry) => entry.schema === this)) seen.push({ file: current, schema: this });
    return add.apply(this, args) as Schema;
  });
  try {
    for (const file of files.filter((f) => readFileSync(f, 'utf8').includes('new Schema'))) {
      current = path.relative(SERVICES, file);
      jest.requireActual(file);
    }
  } finally {
    spy.mockRestore();
  }
  return seen.map(({ file, schema }) => ({
    file,
    collection: (schema.options as { collection?: string }).collection,
    paths: Object.keys(schema.paths),
  }));
}

/** Collections used by name without a schema (the kit's raw collections). */
function rawCollections(): { file: string; collection: string }[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\b[A-Z_]*COLLECTION\s*=\s*'([a-z0-9_]+)'/g)].map((match) => ({
      file: path.relative(SERVICES, file),
      collection: match[1]!,
    })),
  );
}

describe('the collections a member deletion must reach', () => {
  const schemas = declaredSchemas();
  const raw = rawCollections();

  it('when the model files load, then the guard sees the schemas of every service (it is not looking at nothing)', () => {
    const names = new Set(schemas.map((s) => s.collection));
    for (const known of ['users', 'courses', 'coaching_bookings', 'contact_submissions', 'lessons']) {
      expect(names).toContain(known);
    }
    expect(raw.map((r) => r.collection)).toEqual(expect.arrayContaining(['users', 'admin_audit']));
  });

  it('when a service declares a collection, then it is listed with what a member deletion does to it', () => {
    const unlisted = [...schemas.filter((s) => s.collection), ...raw]
      .filter((s) => !(s.collection! in COLLECTIONS))
      .map((s) => `${s.collection} (${s.file})`);
    expect(unlisted).toEqual([]);
  });

  it('when a schema has a field named like a member id or address, then the list names that field', () => {
    const missing = schemas.flatMap((s) => {
      const personal = s.paths.filter((p) => PERSONAL_FIELD.test(p));
      if (!s.collection)
        return personal.length ? [`a schema without a collection in ${s.file}: ${personal.join(', ')}`] : [];
      const listed = COLLECTIONS[s.collection]?.personal ?? [];
      return personal.filter((p) => !listed.includes(p)).map((p) => `${s.collection}.${p} (${s.file})`);
    });
    expect(missing).toEqual([]);
  });

  it('when a collection holds a member’s data, then the list says the deletion erases it or keeps only the id', () => {
    const unreached = Object.entries(COLLECTIONS)
      .filter(([, entry]) => entry.personal.length > 0 && entry.onDeletion === 'none')
      .map(([name]) => name);
    expect(unreached).toEqual([]);
  });

  it('when the list names a collection no service declares any more, then it is stale', () => {
    const declared = new Set([...schemas.map((s) => s.collection), ...raw.map((r) => r.collection)]);
    expect(Object.keys(COLLECTIONS).filter((name) => !declared.has(name))).toEqual([]);
  });
});
