'use strict';
// node:test reporter that writes the JSON the launcher's summary reads (infra/test/summarize.js
// understands Jest's shape: numPassedTests, numFailedTests, numPendingTests, ...). One entry
// per journey (top-level test); a journey's own subtests, if any, are not counted.

/**
 * @param {AsyncIterable<{ type: string, data: any }>} source
 */
module.exports = async function* jestJsonReporter(source) {
  const started = Date.now();
  /** @type {{ title: string, fullName: string, status: string, duration: number, failureMessages: string[] }[]} */
  const results = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    if (data.nesting !== 0) continue;
    let status = event.type === 'test:pass' ? 'passed' : 'failed';
    if (data.skip !== undefined) status = 'pending';
    if (data.todo !== undefined) status = 'todo';
    const error = data.details?.error;
    const cause = error?.cause ?? error;
    results.push({
      title: data.name,
      fullName: data.name,
      status,
      duration: Math.round(data.details?.duration_ms ?? 0),
      failureMessages:
        status === 'failed' ? [String(cause?.stack || cause?.message || error?.message || 'failed')] : [],
    });
  }
  const count = (/** @type {string} */ s) => results.filter((r) => r.status === s).length;
  const failed = count('failed');
  const report = {
    numTotalTests: results.length,
    numPassedTests: count('passed'),
    numFailedTests: failed,
    numPendingTests: count('pending'),
    numTodoTests: count('todo'),
    numRuntimeErrorTestSuites: 0,
    numTotalTestSuites: 1,
    numPassedTestSuites: failed ? 0 : 1,
    numFailedTestSuites: failed ? 1 : 0,
    success: failed === 0 && results.length > 0,
    startTime: started,
    durationMs: Date.now() - started,
    testResults: [
      {
        name: 'e2e/suite.js',
        status: failed ? 'failed' : 'passed',
        startTime: started,
        endTime: Date.now(),
        message: '',
        assertionResults: results,
      },
    ],
  };
  yield `${JSON.stringify(report, null, 2)}\n`;
};
