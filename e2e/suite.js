'use strict';
// The journeys, in order, in one process: one chromium for all, a fresh context per journey
// (see lib/browser.js). Run through run.js (npm test -w e2e), which checks the stack first.

const fs = require('node:fs');
const path = require('node:path');
const { after } = require('node:test');
const { closeBrowser } = require('./lib/browser');
const { closeMembersDb } = require('./lib/members-db');

after(async () => {
  await closeBrowser();
  await closeMembersDb();
});

// Every file of journeys/, in the order of their numbers.
const journeys = path.join(__dirname, 'journeys');
for (const file of fs
  .readdirSync(journeys)
  .filter((f) => f.endsWith('.js'))
  .sort()) {
  require(path.join(journeys, file));
}
