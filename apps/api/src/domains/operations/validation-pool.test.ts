import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { branchingChain } from '../../../test/schema-kit.js';
import { DEFAULT_VALIDATION_OPTIONS, TOO_COSTLY, ValidationPool, type ValidationPoolOptions } from './validation-pool.js';
import { validatorFor } from './json-schema.js';

const pools: ValidationPool[] = [];
async function warmPool(options: Partial<ValidationPoolOptions> = {}): Promise<ValidationPool> {
  const pool = new ValidationPool({ ...DEFAULT_VALIDATION_OPTIONS, ...options });
  pools.push(pool);
  await pool.warm();
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

const SMALL = JSON.stringify({ type: 'object', required: ['n'], properties: { n: { type: 'integer', maximum: 3 } } });
/** Stored before the definition limits: 2 ** 22 ways down for any value but an integer (seconds of CPU, far over the budget). */
const EXPONENTIAL = JSON.stringify(branchingChain(22, 2));

const answerOf = (promise: Promise<string | null>) =>
  promise.then(
    (problem) => (problem === null ? 'fits' : problem),
    (error: { extensions?: { code?: string }; message: string }) => `${error.extensions?.code}: ${error.message}`,
  );

describe('the validation pool', () => {
  test('is 2 workers, at most 16 waiting and 4 per tenant, within 250 ms', () => {
    expect(DEFAULT_VALIDATION_OPTIONS).toMatchObject({ workers: 2, maxWaiting: 16, maxWaitingPerTenant: 4, budgetMs: 250 });
  });

  test('judges in a worker while the event loop keeps turning, as judging in place would', async () => {
    const pool = await warmPool();
    let settled = false;
    const judging = pool.check('t', SMALL, '{"n":4}').finally(() => (settled = true));
    await nextTurn();
    expect(settled).toBe(false);
    expect(await judging).toBe(validatorFor(SMALL).validate({ n: 4 }));
    expect(await judging).toBe('/n: must be <= 3');
    expect(await pool.check('t', SMALL, '{"n":3}')).toBeNull();
  });

  test('refuses an input over the budget as BAD_INPUT "too costly to check", ends that worker, and judges the next with a fresh one', async () => {
    const pool = await warmPool();
    // An integer goes straight down the first branches: the stored schema still judges what it cheaply can.
    expect(await pool.check('t', EXPONENTIAL, '{"x":7}')).toBeNull();
    expect(await answerOf(pool.check('t', EXPONENTIAL, '{"x":"not an integer"}'))).toBe(
      `BAD_INPUT: The input is ${TOO_COSTLY} against the operation's schema (over 250 ms): send a smaller input, or ask the owner to simplify the schema.`,
    );
    expect(await answerOf(pool.check('t', SMALL, '{"n":9}'))).toBe('/n: must be <= 3');
  });

  test('refuses at once, RATE_LIMITED, past 16 waiting; the 16 are judged', async () => {
    const pool = await warmPool();
    // Two running (one per warm worker), sixteen waiting from four tenants, the next refused: all in one turn, before any answer.
    const asked = Array.from({ length: 18 }, (_, i) => answerOf(pool.check(`tenant-${i % 4}`, SMALL, `{"n":${i % 5}}`)));
    expect(pool.waiting).toBe(16);
    const refused = await answerOf(pool.check('tenant-5', SMALL, '{"n":1}'));
    expect(refused).toBe('RATE_LIMITED: Too many inputs are waiting to be checked right now; retry in a moment.');
    expect(await Promise.all(asked)).toEqual(Array.from({ length: 18 }, (_, i) => (i % 5 <= 3 ? 'fits' : '/n: must be <= 3')));
  });

  test('keeps room for other tenants: a 5th waiting input of one tenant is refused, another tenant is judged', async () => {
    const pool = await warmPool();
    // Two of the noisy tenant's run, four wait, the seventh is refused; the quiet tenant still gets a place.
    const noisy = Array.from({ length: 7 }, () => answerOf(pool.check('noisy', SMALL, '{"n":1}')));
    const quiet = answerOf(pool.check('quiet', SMALL, '{"n":1}'));
    expect(await noisy[6]).toMatch(/^RATE_LIMITED: /);
    expect(await quiet).toBe('fits');
    expect(await Promise.all(noisy.slice(0, 6))).toEqual(Array(6).fill('fits'));
  });
});
