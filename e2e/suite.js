'use strict';
// The journeys, in order, in one process: one chromium for all, a fresh context per journey
// (see lib/browser.js). Run through run.js (npm test -w e2e), which checks the stack first.

const { after } = require('node:test');
const { closeBrowser } = require('./lib/browser');
const { closeMembersDb } = require('./lib/members-db');

after(async () => {
  await closeBrowser();
  await closeMembersDb();
});

require('./journeys/01-visitor');
require('./journeys/02-signup');
require('./journeys/03-upgrade');
require('./journeys/04-coaching');
require('./journeys/05-courses');
require('./journeys/06-layout');
require('./journeys/07-account');
require('./journeys/08-founder-console');
