/**
 * The kit's public surface is its areas (`@fm/shared/<area>`, README.md): package.json's
 * `exports` names them, and each must resolve the same way in the build (dist/<area>/index), the
 * type check (tsconfig.check.json's paths) and the tests (jest.config.js maps them from
 * `exports`). There is no root `@fm/shared`: a service names the area it uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const kit = path.resolve(__dirname, '..');
const repo = path.resolve(kit, '..', '..');
const exportsMap = JSON.parse(readFileSync(path.join(kit, 'package.json'), 'utf8')).exports as Record<
  string,
  { types: string; default: string }
>;
const areas = Object.keys(exportsMap).map((entry) => entry.slice('./'.length));
/** The areas a service's code uses (testing and pdf are for tests and the printable PDFs). */
const serviceAreas = ['service', 'http', 'store', 'queues', 'mail', 'auth'];

describe("the kit's areas", () => {
  it('when package.json exports an area, then its build output is dist/<area>/index and its source src/<area>/index.ts', () => {
    expect(areas).toEqual(expect.arrayContaining([...serviceAreas, 'testing', 'pdf']));
    for (const area of areas) {
      expect(exportsMap[`./${area}`]).toEqual({
        types: `./dist/${area}/index.d.ts`,
        default: `./dist/${area}/index.js`,
      });
      expect(existsSync(path.join(kit, 'src', area, 'index.ts'))).toBe(true);
    }
  });

  it("when the type check resolves an area, then it reads that area's index (tsconfig.check.json's paths)", () => {
    const paths = JSON.parse(readFileSync(path.join(repo, 'tsconfig.check.json'), 'utf8')).compilerOptions
      .paths as Record<string, string[]>;
    const kitPaths = Object.keys(paths).filter((name) => name.startsWith('@fm/shared/'));
    expect(kitPaths.sort()).toEqual(areas.map((area) => `@fm/shared/${area}`).sort());
    for (const area of areas) expect(paths[`@fm/shared/${area}`]).toEqual([`./services/shared/src/${area}/index.ts`]);
  });

  it('when a service imports the kit, then it names an area: there is no root @fm/shared (package exports, type check, tests)', () => {
    const packageJson = JSON.parse(readFileSync(path.join(kit, 'package.json'), 'utf8'));
    expect([exportsMap['.'], packageJson.main, packageJson.types]).toEqual([undefined, undefined, undefined]);
    const paths = JSON.parse(readFileSync(path.join(repo, 'tsconfig.check.json'), 'utf8')).compilerOptions.paths;
    expect(paths['@fm/shared']).toBeUndefined();
    expect(existsSync(path.join(kit, 'src', 'index.ts'))).toBe(false);
  });

  it('when two areas are read, then no name is in both (one place for each)', async () => {
    const seen = new Map<string, string>();
    for (const area of serviceAreas) {
      for (const name of Object.keys(await import(`./${area}`))) {
        expect([name, seen.get(name)]).toEqual([name, undefined]);
        seen.set(name, area);
      }
    }
  });
});
