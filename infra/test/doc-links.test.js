'use strict';
// The static suite's link check (doc-links.js) on a small tree of its own.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const { check, slug } = require('./doc-links');

const root = path.resolve(__dirname, '..', '..');

function tree(files) {
  const dir = fs.mkdtempSync(path.join(root, '.data', 'doc-links-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('links that resolve, to files, folders and headings, pass', (t) => {
  fs.mkdirSync(path.join(root, '.data'), { recursive: true });
  const dir = tree({
    'a.md': '# Top\n\nSee [b](docs/b.md#the-api-routes), [docs](docs/), [here](#top) and `./docs/b.md`.\n',
    'docs/b.md': '# B\n\n## The API: routes\n',
  });
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(check(path.join(dir, 'a.md')), []);
});

test('a missing file, a missing heading and a path out of the repository are each reported', (t) => {
  const dir = tree({
    'a.md': [
      '# A',
      '[gone](docs/gone.md)',
      '[no heading](docs/b.md#nowhere)',
      'Spec: `../../../../outside/SPEC.md`',
      '```',
      '[in a fence](not/checked.md)',
      '```',
      '[site](https://example.com/x.md)',
    ].join('\n'),
    'docs/b.md': '# B\n',
  });
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const problems = check(path.join(dir, 'a.md'));
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[0], /:2: docs\/gone\.md does not exist/);
  assert.match(problems[1], /:3: docs\/b\.md#nowhere names no heading/);
  assert.match(problems[2], /:4: .*outside\/SPEC\.md points outside the repository/);
});

test('heading anchors follow GitHub: lower case, punctuation dropped, spaces to hyphens', () => {
  assert.equal(slug('Public pages: prerendered'), 'public-pages-prerendered');
  assert.equal(slug('1. The first tap'), '1-the-first-tap');
});
