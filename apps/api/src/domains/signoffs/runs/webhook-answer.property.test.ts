import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { judgeAnswer } from './webhook-answer.js';

/** The rule, written out once more from the issue, so the implementation is checked against an independent reading of it. */
function expectedKind(status: number, body: string): 'succeeded' | 'failed' | 'retry' {
  if (status >= 200 && status <= 299) {
    if (body.trim() === '') return 'succeeded';
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? 'succeeded' : 'failed';
    } catch {
      return 'failed';
    }
  }
  if (status >= 300 && status <= 399) return 'failed';
  if (status >= 400 && status <= 499 && status !== 408 && status !== 429) return 'failed';
  return 'retry';
}

const body = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.json(),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue()).map((object) => JSON.stringify(object)),
);

describe('judgeAnswer (properties)', () => {
  test('every status 100–599 and body maps to exactly the rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), body, fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }), (status, text, secretFields) => {
        const verdict = judgeAnswer({ kind: 'answered', status, body: text, latencyMs: 1 }, secretFields);
        expect(verdict.kind).toBe(expectedKind(status, text));
        if (verdict.kind === 'failed' && status >= 400) expect(verdict.failure).toBe(`The endpoint answered ${status}: ${text.slice(0, 500)}`);
        if (verdict.kind === 'retry') expect(verdict.error).toBe(`HTTP ${status}: ${text.slice(0, 500)}`);
      }),
      { numRuns: 2000 },
    );
  });

  test('a success splits the object into result and secret, losing and duplicating nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 299 }),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue()),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 }),
        (status, object, secretFields) => {
          const verdict = judgeAnswer({ kind: 'answered', status, body: JSON.stringify(object), latencyMs: 1 }, secretFields);
          if (verdict.kind !== 'succeeded') throw new Error(`expected success, got ${verdict.kind}`);
          const parsed = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
          const result = verdict.result ?? {};
          const secret = verdict.secret ?? {};
          expect({ ...result, ...secret }).toEqual(parsed);
          for (const field of Object.keys(secret)) expect(secretFields).toContain(field);
          for (const field of Object.keys(result)) expect(secretFields).not.toContain(field);
          expect(verdict.secret === null || Object.keys(verdict.secret).length > 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
