'use strict';
// The launcher reads .env.example and .env, it never runs them: a value holding `$(…)` or
// backticks stays text and runs nothing, quoted values keep their spaces and angle brackets, and
// the environment still wins over .env, which wins over .env.example. Through the launcher's
// loadConfig (infra/cli/config.ts) and the kit's reader the services' commands, e2e and resilience use.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readConfig } = require('../../services/shared/src/env-files.js');

const REPO = path.resolve(__dirname, '..', '..');

/** A repository root of its own with these two env files, and the files a value could create. */
function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-env-files-'));
  const pwned = path.join(root, 'pwned-dollar');
  const pwnedTick = path.join(root, 'pwned-backtick');
  fs.writeFileSync(
    path.join(root, '.env.example'),
    [
      '# a comment',
      'PRODUCT_NAME="Fairway Mind"',
      'MAIL_FROM="Fairway Mind <no-reply@fairwaymind.local>"',
      `DOLLAR=$(touch ${pwned})`,
      `TICK=a\`touch ${pwnedTick}\`b`,
      "QUOTE=it's",
      "SINGLE='$HOME stays'",
      'OVERRIDDEN_BY_DOTENV=example',
      'OVERRIDDEN_BY_ENV=example',
      'EMPTY=',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(root, '.env'), 'OVERRIDDEN_BY_DOTENV=dotenv\nOVERRIDDEN_BY_ENV=dotenv\n');
  return { root, pwned, pwnedTick };
}

const NAMES = [
  'PRODUCT_NAME',
  'MAIL_FROM',
  'DOLLAR',
  'TICK',
  'QUOTE',
  'SINGLE',
  'OVERRIDDEN_BY_DOTENV',
  'OVERRIDDEN_BY_ENV',
  'EMPTY',
];

/** The variables as the launcher sees them after loadConfig (infra/cli/config.ts), one `NAME=value` a NUL-ended pair. */
function launcherView(root) {
  const code = [
    `const { loadConfig } = await import(${JSON.stringify(path.join(REPO, 'infra/cli/config.ts'))});`,
    `loadConfig(${JSON.stringify(root)});`,
    `for (const name of ${JSON.stringify(NAMES)}) process.stdout.write(name + '=' + (process.env[name] ?? '<unset>') + '\\0');`,
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), OVERRIDDEN_BY_ENV: 'environment' },
  });
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

test('the launcher takes $(…) and backticks in .env.example literally and runs nothing', () => {
  const { root, pwned, pwnedTick } = fixture();
  const view = launcherView(root);
  assert.equal(view.DOLLAR, `$(touch ${pwned})`);
  // util.parseEnv strips quotes at both ends only; inside a value a backtick is a character.
  assert.equal(view.TICK, `a\`touch ${pwnedTick}\`b`);
  assert.equal(fs.existsSync(pwned), false, '$(…) in a value ran');
  assert.equal(fs.existsSync(pwnedTick), false, 'a backtick command in a value ran');
});

test('the launcher keeps quoted values whole and the order .env.example < .env < environment', () => {
  const { root } = fixture();
  const view = launcherView(root);
  assert.deepEqual(view, {
    PRODUCT_NAME: 'Fairway Mind',
    MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.local>',
    DOLLAR: view.DOLLAR,
    TICK: view.TICK,
    QUOTE: "it's",
    SINGLE: '$HOME stays',
    OVERRIDDEN_BY_DOTENV: 'dotenv',
    OVERRIDDEN_BY_ENV: 'environment',
    EMPTY: '',
  });
});

test('the kit reader (services, e2e, resilience) sees what the launcher sees', () => {
  const { root, pwned } = fixture();
  const env = { PATH: process.env.PATH, OVERRIDDEN_BY_ENV: 'environment' };
  const config = readConfig(root, env);
  const view = launcherView(root);
  for (const name of NAMES) assert.equal(config[name], view[name], name);
  assert.equal(fs.existsSync(pwned), false);
});

test("the repository's own .env.example reads the same through the launcher and the kit", () => {
  const code = [
    `const { loadConfig } = await import(${JSON.stringify(path.join(REPO, 'infra/cli/config.ts'))});`,
    'loadConfig();',
    "process.stdout.write(process.env.PRODUCT_NAME + '\\0' + process.env.MAIL_FROM);",
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: REPO,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  const [productName, mailFrom] = out.split('\0');
  const config = readConfig(REPO, {});
  assert.equal(productName, config.PRODUCT_NAME);
  assert.equal(mailFrom, config.MAIL_FROM);
});
