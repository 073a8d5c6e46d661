#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Generates the product's spoken audio (ARCHITECTURE.md "Media") from its guide texts:
//   services/contracts/src/clubs.json                            → <out>/clubs/<id>.mp3   (21)
//   services/content/src/catalogue/guided-visualizations.json    → <out>/guided/<id>.mp3  (4)
// (the clubs' guides are for the course player, which free members use, so they sit with the
// club list the frontend and the courses service share; the guided visualizations are Premium,
// so only the content service holds them).
// with Debian's espeak-ng (speech), sox (level, padding) and lame (small mono MP3).
//
//   node infra/media/generate.js [--out media/generated] [--force]
//
// A file is (re)made only when it is missing or its text/voice changed. A file that this
// generator did not write (a founder's studio recording dropped in place) is kept, unless
// --force. State lives in <out>/.manifest.json.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { parseArgs } = require('node:util');

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '..', '..');
// Bump when the pipeline below changes in a way that should remake every file.
const PIPELINE = 'espeak-ng en-us|sox norm -1 pad|lame -b 48 mono 22050|v1';

const SETS = [
  {
    dir: 'clubs',
    source: 'services/contracts/src/clubs.json',
    voice: { speed: 150, pauseMs: 700 },
    /** @param {{ name: string, guide: string }} item */
    script: (item) => [`${item.name}.`, item.guide],
  },
  {
    dir: 'guided',
    source: 'services/content/src/catalogue/guided-visualizations.json',
    voice: { speed: 140, pauseMs: 1400 },
    /** @param {{ title: string, guide: string }} item */
    script: (item) => [`${item.title}.`, item.guide],
  },
];

/** @param {string} s */
const sha256 = (s) => crypto.createHash('sha256').update(s).digest('hex');
/** @param {string} file */
const fileHash = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** @param {string} s */
function xmlEscape(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** SSML with a pause after every sentence: guides are meant to be visualized, not rushed. */
function toSsml(/** @type {string[]} */ paragraphs, /** @type {number} */ pauseMs) {
  const pause = `<break time="${pauseMs}ms"/>`;
  const body = paragraphs
    .map((p) =>
      p
        .split(/(?<=[.!?])\s+/)
        .map((sentence) => xmlEscape(sentence.trim()))
        .filter(Boolean)
        .join(` ${pause} `),
    )
    .join(` ${pause} `);
  return `<speak>${body}</speak>`;
}

/** @param {string} rel */
function readList(rel) {
  const file = path.join(REPO, rel);
  if (!fs.existsSync(file)) throw new Error(`${rel} is missing; cannot generate its audio`);
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(list)) throw new Error(`${rel} must hold a JSON array`);
  for (const item of list) {
    if (typeof item.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(item.id)) {
      throw new Error(`${rel}: id ${JSON.stringify(item.id)} is not a safe file name (a-z, 0-9, -)`);
    }
    if (typeof item.guide !== 'string' || !item.guide.trim()) throw new Error(`${rel}: ${item.id} has no guide text`);
  }
  return list;
}

async function checkTools() {
  const missing = [];
  for (const tool of ['espeak-ng', 'sox', 'lame']) {
    try {
      await run('sh', ['-c', `command -v ${tool}`]);
    } catch {
      missing.push(tool);
    }
  }
  if (missing.length) {
    throw new Error(`missing ${missing.join(', ')}: install them (Debian: apt-get install espeak-ng sox lame), or run \`make provision\``);
  }
}

/** @param {string} ssml @param {number} speed @param {string} outFile @param {string} work */
async function synthesize(ssml, speed, outFile, work) {
  const speech = path.join(work, 'speech.wav');
  const level = path.join(work, 'level.wav');
  await run('espeak-ng', ['-m', '-v', 'en-us', '-s', String(speed), '-w', speech, ssml]);
  await run('sox', [speech, '-r', '22050', '-c', '1', level, 'norm', '-1', 'pad', '0.3', '0.8']);
  const tmp = `${outFile}.tmp`;
  await run('lame', ['--quiet', '-m', 'm', '-b', '48', '--tt', path.basename(outFile, '.mp3'), level, tmp]);
  fs.renameSync(tmp, outFile);
}

/**
 * @template T
 * @param {T[]} items @param {number} limit @param {(item: T) => Promise<void>} fn
 */
async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

async function main() {
  const { values: args } = parseArgs({
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const out = path.resolve(args.out ?? path.join(REPO, 'media/generated'));
  const manifestFile = path.join(out, '.manifest.json');
  /** @type {Record<string, { textHash: string, fileHash: string }>} */
  const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};

  const jobs = [];
  const wanted = new Set();
  for (const set of SETS) {
    fs.mkdirSync(path.join(out, set.dir), { recursive: true });
    for (const item of readList(set.source)) {
      const rel = `${set.dir}/${item.id}.mp3`;
      wanted.add(rel);
      const ssml = toSsml(set.script(item), set.voice.pauseMs);
      const textHash = sha256(`${PIPELINE}|${set.voice.speed}|${ssml}`);
      const file = path.join(out, rel);
      const entry = manifest[rel];
      if (fs.existsSync(file) && !args.force) {
        if (!entry || entry.fileHash !== fileHash(file)) {
          console.log(`media: keeping ${rel} (not made by this generator)`);
          continue;
        }
        if (entry.textHash === textHash) continue;
      }
      jobs.push({ rel, file, ssml, speed: set.voice.speed, textHash });
    }
  }

  // Remove files this generator made for ids that no longer exist.
  for (const rel of Object.keys(manifest)) {
    if (wanted.has(rel)) continue;
    const file = path.join(out, rel);
    if (fs.existsSync(file) && fileHash(file) === manifest[rel]?.fileHash) fs.rmSync(file);
    delete manifest[rel];
  }

  if (jobs.length === 0) {
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    console.log(`media: ${wanted.size} files up to date in ${path.relative(process.cwd(), out) || '.'}`);
    return;
  }

  await checkTools();
  const started = Date.now();
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-media-'));
  try {
    let n = 0;
    await pool(jobs, Math.max(1, Math.min(4, os.availableParallelism())), async (job) => {
      const work = fs.mkdtempSync(path.join(workRoot, 'job-'));
      await synthesize(job.ssml, job.speed, job.file, work);
      manifest[job.rel] = { textHash: job.textHash, fileHash: fileHash(job.file) };
      n++;
    });
    console.log(`media: generated ${n} of ${wanted.size} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(workRoot, { recursive: true, force: true });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  }
}

main().catch((err) => {
  console.error(`media: ${err.message}`);
  process.exit(1);
});
