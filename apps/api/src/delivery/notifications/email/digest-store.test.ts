import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect } from 'vitest';
import { inTransaction } from '../../../platform/db/sql.js';
import type { Database } from '../../../platform/db/database.js';
import { claimDue, type ClaimedEntry } from '../../outbox/store.js';
import { createOwner, prepareOwner } from '../../../domains/owners/service.js';
import { dbTest, testLog } from '../../../../test/fixtures.js';
import { unique, waitFor } from '../../../../test/testkit.js';
import type { Notice } from '../notice.js';
import { addToDigest, bindDigestEntries, reopenDigest } from './digest-store.js';
import { emailDeliverer } from './email-delivery.js';
import { NOT_CONFIGURED, settleMailAttempt } from './mail-attempt.js';

// The digest's consistency rules (digest-store.ts) driven statement by
// statement on a real database, with two connections standing for the
// fan-out adding an entry and the deliverer settling a digest.

type Owner = { tenantId: string; ownerId: string; email: string };

async function seedOwner(database: Database): Promise<Owner> {
  const input = { email: `${unique('owner')}@example.com`, password: 'correct horse battery', tenantName: unique('Tenant') };
  const hash = await prepareOwner(input);
  const row = await database.prisma.$transaction((tx) => createOwner(tx, input, hash));
  return { tenantId: row.tenantId, ownerId: row.id, email: row.email };
}

function revoked(owner: Owner, name: string): Notice {
  return {
    eventId: randomUUID(),
    type: 'AGENT_REVOKED',
    at: new Date(),
    tenantId: owner.tenantId,
    ownerId: owner.ownerId,
    ownerEmail: owner.email,
    link: 'https://countersign.example.test/agents',
    agent: { id: randomUUID(), name, revokedAt: new Date().toISOString() },
  };
}

const SENT = { ok: true, latencyMs: 1, error: null };
const REFUSED = { ok: false, latencyMs: 1, error: '451 Try again later' };

/** Makes the owner's waiting digest due now (standing for its minutes passing) and claims it as a worker would. */
async function claimDigest(pool: pg.Pool): Promise<ClaimedEntry> {
  await pool.query(`UPDATE outbox SET due_at = now() WHERE channel = 'digest' AND done_at IS NULL`);
  const claimed = await claimDue(pool, 10, 30_000);
  expect(claimed.map((entry) => entry.channel)).toEqual(['digest']);
  return claimed[0]!;
}

function bind(pool: pg.Pool, entry: ClaimedEntry) {
  return inTransaction(pool, (tx) =>
    bindDigestEntries(tx, { id: entry.id, tenantId: entry.tenantId, ownerId: entry.target, digestId: entry.eventId!, attempt: entry.attempt }),
  );
}

async function lockWaiters(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

async function waitingDigests(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM outbox WHERE channel = 'digest' AND done_at IS NULL`);
  return rows.map((row) => row.id);
}

/** The settlement after a sent digest: finish, then open a digest for entries still unbound. */
function settleSent(tx: pg.PoolClient, entry: ClaimedEntry, owner: Owner) {
  return settleMailAttempt(tx, entry, SENT, 100).then(
    async (finished) => finished && reopenDigest(tx, { tenantId: owner.tenantId, ownerId: owner.ownerId, payload: entry.payload }),
  );
}

describe('email digests', () => {
  dbTest('an entry added while a digest settles (the fan-out locking the digest first) gets a digest of its own', async ({ database }) => {
    const pool = database.pool;
    const owner = await seedOwner(database);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'first'), 5));
    const digest = await claimDigest(pool);
    expect((await bind(pool, digest))?.map((entry) => entry.agent)).toEqual(['first']);

    // The fan-out adds an entry and has not committed yet: it holds the waiting digest row.
    const fanOut = await pool.connect();
    let settled: Promise<boolean>;
    try {
      await fanOut.query('BEGIN');
      await addToDigest(fanOut, revoked(owner, 'second'), 5);
      // The digest was sent; its settlement waits for the fan-out's lock...
      settled = inTransaction(pool, (tx) => settleSent(tx, digest, owner));
      await waitFor(async () => (await lockWaiters(pool)) >= 1);
      await fanOut.query('COMMIT');
    } finally {
      await fanOut.query('ROLLBACK').catch(() => undefined);
      fanOut.release();
    }
    // ...and then sees the new entry: a new digest waits for it.
    expect(await settled).toBe(true);
    const next = await waitingDigests(pool);
    expect(next).toHaveLength(1);
    expect(next[0]).not.toBe(digest.id);
    expect((await bind(pool, await claimDigest(pool)))?.map((entry) => entry.agent)).toEqual(['second']);
  });

  dbTest('an entry added while a digest settles (the settlement locking first) opens the next digest itself', async ({ database }) => {
    const pool = database.pool;
    const owner = await seedOwner(database);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'first'), 5));
    const digest = await claimDigest(pool);
    await bind(pool, digest);

    const settlement = await pool.connect();
    let added: Promise<void>;
    try {
      await settlement.query('BEGIN');
      expect(await settleMailAttempt(settlement, digest, SENT, 100)).toBe(true);
      // The fan-out's upsert meets the row being finished and waits...
      added = inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'second'), 5));
      await waitFor(async () => (await lockWaiters(pool)) >= 1);
      // ...so the settlement cannot see its entry (nothing to reopen) and commits.
      expect(await reopenDigest(settlement, { tenantId: owner.tenantId, ownerId: owner.ownerId, payload: digest.payload })).toBe(false);
      await settlement.query('COMMIT');
    } finally {
      await settlement.query('ROLLBACK').catch(() => undefined);
      settlement.release();
    }
    await added;
    // The finished row left the unique index: the fan-out's row is the new waiting digest.
    expect(await waitingDigests(pool)).toHaveLength(1);
    expect((await bind(pool, await claimDigest(pool)))?.map((entry) => entry.agent)).toEqual(['second']);
  });

  dbTest(
    'every attempt of a digest sends the entries its first attempt bound; one arriving between attempts waits for the next digest',
    async ({ database }) => {
      const pool = database.pool;
      const owner = await seedOwner(database);
      await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'first'), 5));
      const first = await claimDigest(pool);
      expect((await bind(pool, first))?.map((entry) => entry.agent)).toEqual(['first']);
      expect(await inTransaction(pool, (tx) => settleMailAttempt(tx, first, REFUSED, 100))).toBe(false);

      await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'second'), 5));
      const second = await claimDigest(pool);
      expect([second.id, second.eventId, second.attempt]).toEqual([first.id, first.eventId, 2]);
      expect((await bind(pool, second))?.map((entry) => entry.agent)).toEqual(['first']);
      // The first claim's lease is over: it binds nothing and sends nothing.
      expect(await bind(pool, first)).toBeNull();

      expect(await inTransaction(pool, (tx) => settleSent(tx, second, owner))).toBe(true);
      // Finished: even its own attempt binds nothing more.
      expect(await bind(pool, second)).toBeNull();
      expect((await bind(pool, await claimDigest(pool)))?.map((entry) => entry.agent)).toEqual(['second']);
    },
  );

  dbTest('a shorter preference brings a waiting digest forward, but never one already being sent', async ({ database }) => {
    const pool = database.pool;
    const owner = await seedOwner(database);
    const minutesLeft = async () => {
      const { rows } = await pool.query<{ m: number }>(`SELECT (extract(epoch FROM due_at - now()) / 60)::float8 AS m FROM outbox WHERE channel = 'digest'`);
      return rows.map((row) => Math.round(row.m));
    };
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'hourly'), 60));
    expect(await minutesLeft()).toEqual([60]);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'soon'), 5));
    expect(await minutesLeft()).toEqual([5]);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'daily'), 1440));
    expect(await minutesLeft()).toEqual([5]);
    // Claimed: its due time is the worker's lease, which a new entry must not cut short.
    await claimDigest(pool);
    await pool.query(`UPDATE outbox SET due_at = now() + interval '10 minutes' WHERE channel = 'digest'`);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'soonest'), 5));
    expect(await minutesLeft()).toEqual([10]);
  });

  dbTest('a failed attempt is retried with a backoff until the row’s 24 hours are up, then finished as given up', async ({ database }) => {
    const pool = database.pool;
    const owner = await seedOwner(database);
    await inTransaction(pool, (tx) => addToDigest(tx, revoked(owner, 'first'), 5));
    const digest = await claimDigest(pool);
    expect(await inTransaction(pool, (tx) => settleMailAttempt(tx, digest, REFUSED, 60_000))).toBe(false);
    const again = await claimDigest(pool);
    expect(await inTransaction(pool, (tx) => settleMailAttempt(tx, { ...again, giveUpAt: new Date() }, REFUSED, 60_000))).toBe(true);
    const { rows } = await pool.query<{ attempt: number; error: string; done: boolean }>(
      `SELECT a.attempt, a.error, o.done_at IS NOT NULL AS done FROM outbox o JOIN outbox_attempts a ON a.outbox_id = o.id WHERE o.id = $1 ORDER BY a.attempt`,
      [digest.id],
    );
    expect(rows).toEqual([
      { attempt: 1, error: '451 Try again later', done: true },
      { attempt: 2, error: '451 Try again later; given up after 24 hours of failed attempts', done: true },
    ]);
  });

  dbTest('an email row reaching an instance without SMTP is finished with the attempt "email is not configured"', async ({ database }) => {
    const pool = database.pool;
    const owner = await seedOwner(database);
    await pool.query(
      `INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
       VALUES ($1, $2, 'email', $3, $4, now() + interval '24 hours', $5, 'AGENT_REVOKED', now())`,
      [randomUUID(), owner.tenantId, owner.ownerId, JSON.stringify({ to: owner.email, subject: 's', text: 't', html: 'h' }), randomUUID()],
    );
    const [entry] = await claimDue(pool, 10, 30_000);
    await emailDeliverer(pool, testLog, null, { retryBaseMs: 100, messageIdDomain: 'countersign.example.test' })(entry!);
    const { rows } = await pool.query<{ error: string | null; status: number | null; done: boolean }>(
      `SELECT a.error, a.status, o.done_at IS NOT NULL AS done FROM outbox o JOIN outbox_attempts a ON a.outbox_id = o.id WHERE o.id = $1`,
      [entry!.id],
    );
    expect(rows).toEqual([{ error: NOT_CONFIGURED, status: null, done: true }]);
  });
});
