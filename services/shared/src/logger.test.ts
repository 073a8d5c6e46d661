import { accessLog, createLogger, splitAccessLines } from './logger';
import { withRequestScope } from './request-scope';

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

describe('the request id on every line', () => {
  const scope = { requestId: 'r-scope-0001', receivedAt: new Date(0).toISOString() };

  it("when a logger not bound to the request logs inside it, then the line carries the request's id once", () => {
    const { logger, direct } = split();
    withRequestScope(scope, () => logger.child({ queue: 'notifications' }).warn('job failed'));
    expect(direct[0]!.match(/"requestId":/g)).toHaveLength(1);
    expect(JSON.parse(direct[0]!)).toMatchObject({ requestId: 'r-scope-0001', queue: 'notifications' });
  });

  it('when the logger already binds a request id, then the line keeps that one and no second', () => {
    const { logger, direct } = split();
    withRequestScope(scope, () => logger.child({ requestId: 'r-bound-0002' }).child({ jobId: 'j1' }).warn('x'));
    expect(direct[0]!.match(/"requestId":/g)).toHaveLength(1);
    expect(JSON.parse(direct[0]!)).toMatchObject({ requestId: 'r-bound-0002', jobId: 'j1' });
  });

  it('when a bound value only mentions requestId, then the scope id is still added', () => {
    const { logger, direct } = split();
    withRequestScope(scope, () => logger.child({ note: '"requestId": in a string' }).warn('x'));
    expect(JSON.parse(direct[0]!)).toMatchObject({ requestId: 'r-scope-0001', note: '"requestId": in a string' });
  });

  it('when no request is being handled, then no request id is added', () => {
    const { logger, direct } = split();
    logger.warn('outside');
    expect(JSON.parse(direct[0]!)).not.toHaveProperty('requestId');
  });
});

describe("a request's access line", () => {
  /** A logger writing into an array, at a level. */
  function into(level: string) {
    const lines: string[] = [];
    const logger = createLogger({ name: 'access-test', level, destination: { write: (line) => lines.push(line) } });
    return { logger, lines };
  }
  const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

  it.each([
    ['/api/lessons', 200, 0.4],
    ['/api/x/"quoted"\\back', 404, 12],
    ['/api/caf\u00e9/\u{1F3CC}/\ud800/\u0001', 401, 1.5],
    [`/api/${'long-'.repeat(30)}`, 301, 0],
  ])('when %s is answered %d, then the line is byte for byte what pino writes', (path, status, ms) => {
    const { logger, lines } = into('info');
    const fields = { requestId: 'r-access-0001', method: 'GET', path, status, ms };
    accessLog(logger)(fields);
    logger.info(fields, 'request');
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[0]!)).toBe(withoutTime(lines[1]!));
    expect(JSON.parse(lines[0]!)).toMatchObject({ ...fields, msg: 'request', level: 30, name: 'access-test' });
  });

  it('when the logger is a child, then its bindings are on the line as pino puts them', () => {
    const { logger, lines } = into('info');
    const child = logger.child({ replica: 2 });
    const fields = { requestId: 'r-access-0002', method: 'POST', path: '/api/p', status: 201, ms: 3.2 };
    accessLog(child)(fields);
    child.info(fields, 'request');
    expect(withoutTime(lines[0]!)).toBe(withoutTime(lines[1]!));
  });

  it('when the level is above info, then only a 5xx is written, at error level', () => {
    const { logger, lines } = into('warn');
    const log = accessLog(logger);
    log({ requestId: 'r-access-0003', method: 'GET', path: '/ok', status: 200, ms: 1 });
    log({ requestId: 'r-access-0004', method: 'GET', path: '/fails', status: 503, ms: 2 });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 50, msg: 'request', path: '/fails', status: 503, requestId: 'r-access-0004' }),
    ]);
  });

  it('when written through the split destination, then an answered request waits in the buffer and a 5xx does not', () => {
    const { logger, direct, buffered } = split();
    const log = accessLog(logger);
    log({ requestId: 'r-access-0005', method: 'GET', path: '/a', status: 200, ms: 1 });
    log({ requestId: 'r-access-0006', method: 'GET', path: '/b', status: 500, ms: 1 });
    expect(buffered.map((line) => JSON.parse(line).path)).toEqual(['/a']);
    expect(direct.map((line) => JSON.parse(line).path)).toEqual(['/b']);
  });
});
