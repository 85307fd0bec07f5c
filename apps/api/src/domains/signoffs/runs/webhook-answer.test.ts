import { describe, expect, test } from 'vitest';
import type { PostOutcome } from '../../../delivery/webhooks/post.js';
import { judgeAnswer } from './webhook-answer.js';

const answered = (status: number, body = ''): PostOutcome => ({ kind: 'answered', status, body, latencyMs: 3 });

describe('judgeAnswer', () => {
  test('2xx with a JSON object succeeded, its secret fields set apart', () => {
    expect(judgeAnswer(answered(200, '{"receipt":"r-1","token":"t-9","amount":5}'), ['token'])).toEqual({
      kind: 'succeeded',
      result: { receipt: 'r-1', amount: 5 },
      secret: { token: 't-9' },
    });
  });

  test('keeps a field named __proto__ a field, never the prototype of the result', () => {
    const verdict = judgeAnswer(answered(200, '{"__proto__":{"admin":true},"a":1}'), ['__proto__']);
    expect(verdict.kind).toBe('succeeded');
    if (verdict.kind !== 'succeeded') return;
    expect(Object.getPrototypeOf(verdict.result)).toBe(Object.prototype);
    expect((verdict.result as Record<string, unknown>).admin).toBeUndefined();
    expect(JSON.stringify(verdict.secret)).toBe('{"__proto__":{"admin":true}}');
  });

  test('no secret fields answered: secret is null', () => {
    expect(judgeAnswer(answered(201, '{"receipt":"r-1"}'), ['token'])).toEqual({ kind: 'succeeded', result: { receipt: 'r-1' }, secret: null });
  });

  test('every field secret: the result is an empty object', () => {
    expect(judgeAnswer(answered(200, '{"token":"t"}'), ['token'])).toEqual({ kind: 'succeeded', result: {}, secret: { token: 't' } });
  });

  test('2xx with an empty body (or only whitespace) succeeded with nothing', () => {
    expect(judgeAnswer(answered(204, ''), ['token'])).toEqual({ kind: 'succeeded', result: null, secret: null });
    expect(judgeAnswer(answered(200, ' \n'), [])).toEqual({ kind: 'succeeded', result: null, secret: null });
  });

  test.each([
    ['an array', '[1,2]'],
    ['a string', '"done"'],
    ['a number', '7'],
    ['null', 'null'],
    ['invalid JSON', '{"receipt":'],
    ['HTML', '<html>ok</html>'],
  ])('2xx with %s failed: the receiver broke the contract', (_name, body) => {
    const verdict = judgeAnswer(answered(200, body), []);
    expect(verdict).toEqual({ kind: 'failed', failure: `The endpoint answered 200 with a body that is not a JSON object: ${body}` });
  });

  test.each([301, 302, 303, 307, 308])('%i is final: redirects are never followed', (status) => {
    expect(judgeAnswer(answered(status, 'Location elsewhere'), [])).toEqual({
      kind: 'failed',
      failure: `The endpoint answered ${status} (a redirect, which is never followed).`,
    });
  });

  test.each([400, 401, 403, 404, 409, 410, 422, 499])('%i is final, with the status and the body', (status) => {
    expect(judgeAnswer(answered(status, 'no such account'), [])).toEqual({ kind: 'failed', failure: `The endpoint answered ${status}: no such account` });
  });

  test('a 4xx failure quotes only the first 500 characters', () => {
    const body = 'a'.repeat(500) + 'TAIL';
    const verdict = judgeAnswer(answered(400, body), []);
    expect(verdict).toEqual({ kind: 'failed', failure: `The endpoint answered 400: ${'a'.repeat(500)}` });
  });

  test.each([408, 429, 500, 502, 503, 504, 599])('%i is worth another attempt', (status) => {
    expect(judgeAnswer(answered(status, 'busy'), [])).toEqual({ kind: 'retry', error: `HTTP ${status}: busy` });
  });

  test('a retry quotes only the first 500 characters', () => {
    const verdict = judgeAnswer(answered(503, 'b'.repeat(2000)), []);
    expect(verdict).toEqual({ kind: 'retry', error: `HTTP 503: ${'b'.repeat(500)}` });
  });

  test('no answer at all is worth another attempt', () => {
    expect(judgeAnswer({ kind: 'failed', error: 'no answer within 10 s', latencyMs: 10_000 }, [])).toEqual({ kind: 'retry', error: 'no answer within 10 s' });
  });

  test('1xx (never a final answer) is retried', () => {
    expect(judgeAnswer(answered(100), []).kind).toBe('retry');
  });
});
