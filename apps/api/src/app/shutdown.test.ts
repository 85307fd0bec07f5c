import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { runShutdown } from './shutdown.js';

/** A logger whose lines the test can read. */
function recordingLog() {
  const lines: { level: number; msg: string; step?: string; err?: string }[] = [];
  const log = createLogger(
    'error',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    }),
  );
  return { log, lines };
}

describe('the shutdown sequence', () => {
  test('runs every step in order and reports no failure when all close', async () => {
    const ran: string[] = [];
    const { log, lines } = recordingLog();
    const failed = await runShutdown(
      ['sweeper', 'server', 'event bus', 'database'].map((name) => ({ name, close: async () => void ran.push(name) })),
      log,
    );
    expect(ran).toEqual(['sweeper', 'server', 'event bus', 'database']);
    expect(failed).toEqual([]);
    expect(lines).toEqual([]);
  });

  test('still runs the steps after one that rejects or throws, and names each failed step', async () => {
    const ran: string[] = [];
    const { log, lines } = recordingLog();
    const failed = await runShutdown(
      [
        { name: 'sweeper', close: () => void ran.push('sweeper') },
        {
          name: 'server',
          close: async () => {
            ran.push('server');
            throw new Error('sockets would not close');
          },
        },
        {
          name: 'event bus',
          close: () => {
            ran.push('event bus');
            throw new Error('listener already gone');
          },
        },
        { name: 'database', close: async () => void ran.push('database') },
      ],
      log,
    );
    expect(ran).toEqual(['sweeper', 'server', 'event bus', 'database']);
    expect(failed).toEqual(['server', 'event bus']);
    expect(lines.map(({ msg, step, err }) => ({ msg, step, err }))).toEqual([
      { msg: 'a shutdown step failed; running the rest', step: 'server', err: 'sockets would not close' },
      { msg: 'a shutdown step failed; running the rest', step: 'event bus', err: 'listener already gone' },
    ]);
  });
});
