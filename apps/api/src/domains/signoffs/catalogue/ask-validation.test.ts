import { hashCanonical } from '@countersign/manifest';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { stringContaining } from '../../../../test/matchers.js';
import { ask, define, EMAIL_SCHEMA } from '../../../../test/operations-kit.js';
import { branchingChain } from '../../../../test/schema-kit.js';
import type { TestApi } from '../../../../test/testkit.js';
import { inputValidationPool } from '../../operations/validation-pool.js';
import { MAX_PENDING_PER_AGENT } from '../policy.js';

/**
 * Stores version 2 of `op` with `schema` straight into the table, as a
 * version defined before the definition limits existed would be: defining
 * it now is refused.
 */
async function storeOldVersion(api: TestApi, op: string, schema: unknown): Promise<void> {
  const text = JSON.stringify(schema);
  await api.db.pool.query(
    `INSERT INTO operations (tenant_id, op, version, summary, description, input_schema, content_hash, irreversible, risk, runner, webhook_url,
                             secret_fields, needs_repository, defined_by)
     SELECT tenant_id, op, 2, summary, description, $2, $3, irreversible, risk, runner, webhook_url, secret_fields, needs_repository, defined_by
       FROM operations WHERE op = $1 AND version = 1`,
    [op, text, hashCanonical(text)],
  );
  await api.db.pool.query(`UPDATE operation_heads SET latest_version = 2 WHERE op = $1`, [op]);
}

/** Runs `work` while asking /healthz one request after another; returns its answer, how long it took, and the slowest /healthz. */
async function whileProbingHealth<T>(api: TestApi, work: () => Promise<T>): Promise<{ answer: T; tookMs: number; slowestHealthzMs: number; probes: number }> {
  let done = false;
  let slowestHealthzMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${api.url}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestHealthzMs = Math.max(slowestHealthzMs, performance.now() - started);
      probes++;
    }
  })();
  const started = performance.now();
  const answer = await work().finally(() => (done = true));
  const tookMs = performance.now() - started;
  await probing;
  return { answer, tookMs, slowestHealthzMs, probes };
}

/*
 * The figures the issue names (an answer within 1 s, /healthz under 100 ms) are measured from outside and
 * reported; these tests hold what makes them so without betting on a shared machine's scheduling: the costly
 * judgement is cut off by its budget and never holds the event loop. Judged on the loop, the schema below held it
 * for seconds (2 ** 22 ways down; about 20 s at 2 ** 24), so a bound of a second still fails on the old code.
 */
const LOOP_HELD_MS = 1_000;
const ANSWERED_MS = 2_000;

const storedCount = async (api: TestApi) => ((await api.db.pool.query('SELECT count(*)::int AS n FROM sign_offs')).rows[0] as { n: number }).n;

describe('judging an input off the event loop and outside the lock', () => {
  apiTest(
    'answers an ask against a slow stored schema as BAD_INPUT "too costly to check" within its budget, while /healthz goes on answering',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      await define(api, owner, { op: 'nested.any' });
      // The schema that killed an instance: 2 ** 22 ways down for a string, judged for seconds on the event loop before.
      await storeOldVersion(api, 'nested.any', branchingChain(22, 2));
      await inputValidationPool.warm();
      // The stored version keeps working for what it can judge cheaply.
      const cheap = await ask(api, agent.key, 'nested.any', { x: 7 });
      expect(cheap.data?.requestSignOff, JSON.stringify(cheap.errors)).toMatchObject({ signOff: { state: 'PENDING', opVersion: 2 } });
      expect(cheap.data?.requestSignOff).toMatchObject({ signOff: { state: 'PENDING', opVersion: 2 } });

      const costly = await whileProbingHealth(api, () => ask(api, agent.key, 'nested.any', { x: 'a string' }));
      expect(costly.answer.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: stringContaining('too costly to check') });
      expect(costly.tookMs).toBeLessThan(ANSWERED_MS);
      expect(costly.probes).toBeGreaterThan(0);
      expect(costly.slowestHealthzMs).toBeLessThan(LOOP_HELD_MS);
      expect(await storedCount(api)).toBe(1);
    },
  );

  apiTest('bounds the input before judging it, and judges uniqueItems over 1,000 objects while /healthz goes on answering', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const schema = { type: 'object', required: ['rows'], properties: { rows: { type: 'array', uniqueItems: true, items: { type: 'object' } } } };
    await define(api, owner, { op: 'rows.import', inputSchema: schema });
    await inputValidationPool.warm();
    const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ k: i }));

    const tooLong = await ask(api, agent.key, 'rows.import', { rows: rows(1_001) });
    expect(tooLong.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_INPUT' },
      message: 'An array in an input holds at most 1,000 items (/rows holds more).',
    });
    const tooBig = await ask(api, agent.key, 'rows.import', { rows: [{ k: 'x'.repeat(33 * 1024) }] });
    expect(tooBig.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: 'An input is at most 32 KiB (as canonical JSON).' });
    expect(await storedCount(api)).toBe(0);

    const judged = await whileProbingHealth(api, () => ask(api, agent.key, 'rows.import', { rows: rows(1_000) }));
    expect(judged.answer.data?.requestSignOff).toMatchObject({ existing: false, signOff: { state: 'PENDING' } });
    expect(judged.tookMs).toBeLessThan(ANSWERED_MS);
    expect(judged.probes).toBeGreaterThan(0);
    expect(judged.slowestHealthzMs).toBeLessThan(LOOP_HELD_MS);
  });

  apiTest(
    "answers a repeated ask, an agent at its cap and a costly input while the agent's row is locked: none of them waits for the lock",
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const full = await api.agent(owner);
      await define(api, owner, { op: 'email.send' });
      await define(api, owner, { op: 'nested.any' });
      await storeOldVersion(api, 'nested.any', branchingChain(22, 2));
      await inputValidationPool.warm();
      const first = await ask(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'once' });
      const firstId: unknown = first.data?.requestSignOff?.signOff?.id;
      for (let i = 0; i < MAX_PENDING_PER_AGENT; i++) {
        expect((await ask(api, full.key, 'email.send', { to: 'a@example.com', subject: `n${i}` })).data?.requestSignOff).toMatchObject({ existing: false });
      }

      const holder = new pg.Client({ connectionString: api.db.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM agents WHERE id = ANY($1::uuid[]) FOR UPDATE', [[agent.id, full.id]]);
        // Each would otherwise wait for the row lock until the lock timeout (UNAVAILABLE).
        const again = await ask(api, agent.key, 'email.send', { subject: 'once', to: 'a@example.com' });
        expect(again.data?.requestSignOff).toMatchObject({ existing: true, signOff: { id: firstId } });
        const capped = await ask(api, full.key, 'email.send', { to: 'a@example.com', subject: 'one more' });
        expect(capped.data?.requestSignOff).toMatchObject({ __typename: 'TooManyPending', code: 'TOO_MANY_PENDING' });
        const costly = await ask(api, agent.key, 'nested.any', { x: 'a string' });
        expect(costly.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: stringContaining('too costly to check') });
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      expect(await storedCount(api)).toBe(1 + MAX_PENDING_PER_AGENT);
    },
  );

  apiTest('never pins a version its input was not judged against, when a stricter version is defined while inputs are judged (repeated)', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await inputValidationPool.warm();
    const strict = { ...EMAIL_SCHEMA, properties: { ...EMAIL_SCHEMA.properties, amount: { type: 'integer', maximum: 10 } } };
    for (let round = 0; round < 8; round++) {
      const op = `race.r${round}`;
      expect(await define(api, owner, { op })).toMatchObject({ created: true });
      const asks = Array.from({ length: 6 }, (_, i) => ask(api, agent.key, op, { to: 'a@example.com', subject: `s${i}`, amount: 50 }));
      const redefined = define(api, owner, { op, inputSchema: strict });
      const answers = await Promise.all(asks);
      expect(await redefined).toMatchObject({ created: true, operation: { version: 2 } });
      for (const answer of answers) {
        if (answer.data?.requestSignOff) expect(answer.data.requestSignOff).toMatchObject({ existing: false, signOff: { opVersion: 1 } });
        else
          expect(answer.errors?.[0]).toMatchObject({
            extensions: { code: 'BAD_INPUT' },
            message: stringContaining('(version 2) does not match its schema: /amount: must be <= 10'),
          });
      }
      const pinnedToStrict = await api.db.pool.query(`SELECT input FROM sign_offs WHERE op = $1 AND op_version = 2`, [op]);
      expect(pinnedToStrict.rows).toEqual([]);
    }
  });
});
