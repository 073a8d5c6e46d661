'use strict';
// What a scenario injected and what it counted, on stdout (the suite's log is its report).

/** @param {string} line */
const say = (line) => {
  process.stdout.write(`${line}\n`);
};

module.exports = { say };
