import { describe, expect, test } from 'vitest';
import { createLogger, routeConsoleToLog } from './logger.js';

describe('the process logger', () => {
  test("turns a library's console.error with a stack into one JSON line without the stack", () => {
    const lines: string[] = [];
    const restore = routeConsoleToLog(createLogger('info', { write: (line: string) => void lines.push(line) }));
    try {
      console.error('Internal error emitted on a WebSocket socket. Please check your implementation.', new RangeError('Max payload size exceeded'));
    } finally {
      restore();
    }
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; console: string; msg: string };
    expect(entry).toMatchObject({
      level: 40,
      msg: 'library reported an error',
      console: 'Internal error emitted on a WebSocket socket. Please check your implementation. RangeError: Max payload size exceeded',
    });
    expect(lines[0]).not.toMatch(/\\n\s+at /);
  });
});
