import { createLogger, splitAccessLines } from './logger';

/** A logger over splitAccessLines, and the lines each side received. */
function split() {
  const direct: string[] = [];
  const buffered: string[] = [];
  const logger = createLogger({
    name: 'split-test',
    level: 'info',
    destination: splitAccessLines({ write: (line) => direct.push(line) }, { write: (line) => buffered.push(line) }),
  });
  return { logger, direct, buffered };
}

describe('which log lines wait in the buffer', () => {
  it("when a request's access line is logged at info, then it goes to the buffered side", () => {
    const { logger, direct, buffered } = split();
    logger.child({ requestId: 'r-12345678' }).info({ method: 'GET', path: '/x', status: 200, ms: 1.2 }, 'request');
    expect(direct).toEqual([]);
    expect(buffered).toHaveLength(1);
    expect(JSON.parse(buffered[0]!)).toMatchObject({ msg: 'request', status: 200, requestId: 'r-12345678' });
  });

  it('when a failed request, a job or anything else is logged, then it is written at once', () => {
    const { logger, direct, buffered } = split();
    logger.error({ method: 'GET', path: '/x', status: 500 }, 'request');
    logger.info({ jobId: 'stripe-evt_1', queue: 'membership-events' }, 'job completed');
    logger.info({ note: 'the word request inside' }, 'a request-like message');
    logger.warn({ msg2: 'request' }, 'request');
    expect(buffered).toEqual([]);
    expect(direct.map((line) => JSON.parse(line).msg)).toEqual([
      'request',
      'job completed',
      'a request-like message',
      'request',
    ]);
  });
});
