import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { is, lockWaiters, text, waitFor, type SignedInOwner, type TestApi, type Wire } from '../../../test/testkit.js';
import { publishEvent } from '../../platform/events/publish.js';
import { EVENTS_CHANNEL, type BusEvent } from '../../platform/events/topics.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import { spawnApi } from '../../../test/spawn-api.js';

const ROUNDS = 20;

/** What a draw answered: its result type, or the code of the error that refused the request. */
const kindOf = (result: Wire): string => text(result.__typename ?? result.errors?.[0]?.extensions?.code);

/** The authority's balance and its receipts, which must agree. */
async function ledger(api: TestApi, id: string) {
  const rows = await api.db.pool.query<{ drawn: number; remaining: number; draws: number; receipts: number; receiptCount: number }>(
    `SELECT b.drawn_tokens::int AS drawn, b.remaining_tokens::int AS remaining, b.draws::int AS draws,
            (SELECT coalesce(sum(tokens), 0)::int FROM authority_receipts r WHERE r.tenant_id = b.tenant_id AND r.authority_id = b.authority_id) AS receipts,
            (SELECT count(*)::int FROM authority_receipts r WHERE r.tenant_id = b.tenant_id AND r.authority_id = b.authority_id) AS "receiptCount"
       FROM authority_balances b WHERE b.authority_id = $1`,
    [id],
  );
  return rows.rows[0]!;
}

/**
 * An agent with an authority of 10 tokens, whose balance row another
 * transaction holds locked while `work` queues things behind it; `release`
 * commits that transaction, letting the queue through in order.
 */
async function withBalanceLocked(
  api: TestApi,
  work: (seeded: { owner: SignedInOwner; agent: { id: string; key: string }; id: string; release: () => Promise<void> }) => Promise<void>,
) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const id = await api.authority(owner, agent.id, { tokens: 10 });
  const holder = await api.db.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE`, [id]);
    await work({ owner, agent, id, release: async () => void (await holder.query('COMMIT')) });
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
}

/** draw_authority called directly, as a request that authenticated with `key` sends it. */
const callDraw = (api: TestApi, key: string, id: string, dispatchKey: string) =>
  api.db.pool.query<{ verdict: string }>(`SELECT verdict FROM draw_authority($1, $2, $3, 1, 0)`, [hashSecret(key), id, dispatchKey]);

describe('the draw in one round trip (draw_authority)', () => {
  apiTest(
    'grants exactly k of 64 draws racing the last units from three processes, 20 rounds, and the ledger sums',
    async ({ api }) => {
      const instances = await Promise.all([spawnApi(api.db.url), spawnApi(api.db.url), spawnApi(api.db.url)]);
      try {
        const owner = await api.owner();
        const agent = await api.agent(owner);
        for (let round = 0; round < ROUNDS; round++) {
          // The last unit on even rounds, the last three on odd ones; five drawn first, so the race starts mid-life.
          const k = round % 2 === 0 ? 1 : 3;
          const id = await api.authority(owner, agent.id, { tokens: k + 5 });
          expect(kindOf(await api.draw(agent.key, { authority: id, dispatchKey: 'warm-up', tokens: 5 }))).toBe('Drawn');
          const results = await Promise.all(
            Array.from({ length: 64 }, (_, i) => api.draw(agent.key, { authority: id, dispatchKey: `draw-${i}`, tokens: 1 }, instances[i % 3]!.url)),
          );
          const kinds = results.map(kindOf);
          expect(
            kinds.filter((kind) => kind === 'Drawn'),
            `round ${round}`,
          ).toHaveLength(k);
          expect(
            kinds.filter((kind) => kind === 'Exhausted'),
            `round ${round}`,
          ).toHaveLength(64 - k);
          expect(await ledger(api, id)).toEqual({ drawn: k + 5, remaining: 0, draws: k + 1, receipts: k + 5, receiptCount: k + 1 });
        }
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
      }
      // 1,300 draws through three processes: minutes on a shared two-core machine, not the default minute.
    },
    240_000,
  );

  apiTest(
    'gives an agent revoked mid-load no draw once the revocation has committed, on any of three processes',
    async ({ api }) => {
      const instances = await Promise.all([spawnApi(api.db.url), spawnApi(api.db.url), spawnApi(api.db.url)]);
      try {
        const owner = await api.owner();
        const agent = await api.agent(owner);
        const id = await api.authority(owner, agent.id, { tokens: 1_000_000 });
        let revokedAt = Number.POSITIVE_INFINITY;
        const answers: { sentAt: number; kind: string }[] = [];
        // Each worker draws back to back until it has been refused three times after the revocation returned.
        const worker = async (w: number) => {
          let refusedAfter = 0;
          for (let i = 0; refusedAfter < 3; i++) {
            const sentAt = performance.now();
            const kind = kindOf(await api.draw(agent.key, { authority: id, dispatchKey: `w${w}-${i}`, tokens: 1 }, instances[w % 3]!.url));
            answers.push({ sentAt, kind });
            if (sentAt > revokedAt) refusedAfter++;
          }
        };
        const load = Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));
        await waitFor(() => answers.filter((answer) => answer.kind === 'Drawn').length >= 60, 30_000);
        const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
        expect(revoked.data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
        revokedAt = performance.now();
        await load;

        const after = answers.filter((answer) => answer.sentAt > revokedAt);
        expect(after.length).toBeGreaterThanOrEqual(36);
        // Refused whichever check reached it first: the request's authentication, or the draw's own.
        expect(after.filter((answer) => answer.kind !== 'UNAUTHENTICATED' && answer.kind !== 'NotFound')).toEqual([]);
        const drawn = answers.filter((answer) => answer.kind === 'Drawn');
        expect(drawn.every((answer) => answer.sentAt < revokedAt)).toBe(true);
        // Every draw answered Drawn has its receipt, and none landed unanswered.
        expect(await ledger(api, id)).toEqual({
          drawn: drawn.length,
          remaining: 1_000_000 - drawn.length,
          draws: drawn.length,
          receipts: drawn.length,
          receiptCount: drawn.length,
        });
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
      }
    },
    180_000,
  );

  // Two queues, not one with the revocation between two draws: PostgreSQL grants a row lock in queue order only while
  // the row keeps its version. A draw writes a new version, and the waiters behind it then re-queue on that version in
  // no set order, so a draw queued after the revocation could overtake it (and land before it commits, as rule A6 allows).
  apiTest('lets a draw queued on the balance lock before a revocation land first, and the revocation then commits', async ({ api }) => {
    await withBalanceLocked(api, async ({ owner, agent, id, release }) => {
      const before = callDraw(api, agent.key, id, 'before');
      await waitFor(async () => (await lockWaiters(api)) === 1);
      const revoking = api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
      await waitFor(async () => (await lockWaiters(api)) === 2);
      await release();
      expect((await before).rows[0]!.verdict).toBe('drawn');
      expect((await revoking).data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
      expect(await ledger(api, id)).toEqual({ drawn: 1, remaining: 9, draws: 1, receipts: 1, receiptCount: 1 });
      expect((await callDraw(api, agent.key, id, 'later')).rows[0]!.verdict).toBe('unauthenticated');
    });
  });

  apiTest('refuses a draw authenticated before a revocation committed and queued behind it on the balance lock', async ({ api }) => {
    await withBalanceLocked(api, async ({ owner, agent, id, release }) => {
      const revoking = api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
      await waitFor(async () => (await lockWaiters(api)) === 1);
      // Its key check passed: the revocation has not committed yet.
      const after = callDraw(api, agent.key, id, 'after');
      await waitFor(async () => (await lockWaiters(api)) === 2);
      await release();
      expect((await revoking).data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
      // It read the agent after the revocation committed: the check follows the lock.
      expect((await after).rows[0]!.verdict).toBe('not-found');
      expect(await ledger(api, id)).toEqual({ drawn: 0, remaining: 10, draws: 0, receipts: 0, receiptCount: 0 });
      expect((await callDraw(api, agent.key, id, 'later')).rows[0]!.verdict).toBe('unauthenticated');
      expect(is((await api.draw(agent.key, { authority: id, dispatchKey: 'later', tokens: 1 })).errors?.[0]?.extensions?.code, 'UNAUTHENTICATED')).toBe(true);
    });
  });

  apiTest('refuses a draw with a key rotated while the draw waited on the balance lock, and draws with the new key', async ({ api }) => {
    await withBalanceLocked(api, async ({ owner, agent, id, release }) => {
      const rotating = api.graphql(
        'mutation($id: ID!) { rotateAgentKey(input: { id: $id }) { ... on AgentKeyRotated { key } } }',
        { id: agent.id },
        { cookie: owner.cookie },
      );
      await waitFor(async () => (await lockWaiters(api)) === 1);
      // Authenticated by the old key before the rotation committed, then queued behind it.
      const stale = callDraw(api, agent.key, id, 'stale');
      await waitFor(async () => (await lockWaiters(api)) === 2);
      await release();
      const key = text((await rotating).data?.rotateAgentKey?.key);
      expect((await stale).rows[0]!.verdict).toBe('not-found');
      expect(kindOf(await api.draw(key, { authority: id, dispatchKey: 'fresh', tokens: 1 }))).toBe('Drawn');
      expect(await ledger(api, id)).toEqual({ drawn: 1, remaining: 9, draws: 1, receipts: 1, receiptCount: 1 });
    });
  });

  apiTest('announces a draw once, with the declared AUTHORITY_CHANGED payload, and a refused draw not at all', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await api.authority(owner, agent.id, { tokens: 3 });
    const { tenantId, ownerId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    const listener = new pg.Client({ connectionString: api.db.url });
    await listener.connect();
    const heard: BusEvent[] = [];
    listener.on('notification', (message) => {
      const event = JSON.parse(message.payload ?? '{}') as BusEvent;
      if (message.channel === EVENTS_CHANNEL && event.topic === 'AUTHORITY_CHANGED') heard.push(event);
    });
    try {
      await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      // Refused first: notifications arrive in commit order, so one from it would come before the draw's.
      expect(kindOf(await api.draw(agent.key, { authority: id, dispatchKey: 'too-much', tokens: 4 }))).toBe('Exhausted');
      expect(kindOf(await api.draw(agent.key, { authority: id, dispatchKey: 'fits', tokens: 3 }))).toBe('Drawn');
      expect(kindOf(await api.draw(agent.key, { authority: id, dispatchKey: 'fits', tokens: 3 }))).toBe('Drawn');
      await waitFor(() => heard.length >= 1);
      // The replay drew nothing and announced nothing; a later event proves the channel is drained up to here.
      const fence = randomUUID();
      await publishEvent(api.db.pool, fence, 'AUTHORITY_CHANGED', { authorityId: 'fence', ownerId: fence, agentId: fence });
      await waitFor(() => heard.some((event) => event.tenantId === fence));
      expect(heard.filter((event) => event.tenantId !== fence)).toEqual([
        { topic: 'AUTHORITY_CHANGED', tenantId, payload: { authorityId: id, ownerId, agentId: agent.id } },
      ]);
    } finally {
      await listener.end();
    }
  });
});
