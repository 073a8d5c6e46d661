#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Every relative link in the repository's Markdown (and every code span spelling a relative path,
// `../x`) resolves inside the repository: the file (or folder) exists, and a #fragment names a heading of the linked Markdown file. Links to other
// sites (http:, https:, mailto:) are not followed. Part of the static suite (static-checks.js).
//
//   node infra/test/doc-links.js

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const anchors = new Set();
  let inFence = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    let anchor = slug(heading[1].replace(/`/g, ''));
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug(heading[1].replace(/`/g, ''))}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * [text](target) and [label]: target definitions outside fenced code blocks and code spans, and
 * code spans that are relative paths.
 */
function linksOf(text) {
  const links = [];
  let inFence = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    // A code span that spells a relative path (`../docs/API.md`) is a reference too.
    for (const match of line.matchAll(/`(\.\.?\/[^`\s]+)`/g)) links.push({ target: match[1], line: index + 1 });
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1], line: index + 1 });
    }
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
    if (definition) links.push({ target: definition[1], line: index + 1 });
  });
  return links;
}

function check(file) {
  const problems = [];
  const relative = path.relative(root, file);
  for (const { target, line } of linksOf(fs.readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // another site, mail, …
    const [rawPath, fragment] = target.split('#');
    const resolved = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
    const where = `${relative}:${line}: ${target}`;
    if (resolved !== root && !resolved.startsWith(root + path.sep)) {
      problems.push(`${where} points outside the repository`);
    } else if (!fs.existsSync(resolved)) {
      problems.push(`${where} does not exist`);
    } else if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment.toLowerCase())) {
      problems.push(`${where} names no heading of ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}

if (require.main === module) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
    .map((name) => path.join(root, name))
    .filter((file) => fs.existsSync(file));
  const problems = files.flatMap(check);
  for (const problem of problems) console.log(`✖ ${problem}`);
  console.log(`docs: ${files.length} Markdown files, ${problems.length} broken relative links`);
  process.exit(problems.length ? 1 : 0);
}

module.exports = { check, linksOf, anchorsOf, slug };
