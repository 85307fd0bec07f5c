import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type pg from 'pg';
import { describe, expect, test } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import { decideDraw, decisionOfVerdict, type AuthorityTerms, type DrawAmount, type DrawDecision, type LockedBalance } from './terms.js';

/**
 * One table of draw cases, fed to decideDraw (the readable rule) and to the
 * database's decide_draw and draw_authority (the rule as the one-round-trip
 * draw runs it): every case must get the same decision, message included.
 */
const MAX = Number.MAX_SAFE_INTEGER;
const NOW = new Date('2026-11-30T12:00:00Z');
const at = (iso: string) => new Date(iso);

const baseTerms: AuthorityTerms = {
  agentId: 'agent',
  ownerId: 'owner',
  name: 'x',
  tokens: 10,
  minorUnits: null,
  currency: null,
  draws: 3,
  perDrawTokens: 6,
  perDrawMinorUnits: null,
  notBefore: at('2026-11-30T11:00:00Z'),
  notAfter: at('2026-11-30T13:00:00Z'),
};
const baseBalance: LockedBalance = {
  drawnTokens: 0n,
  drawnMinorUnits: 0n,
  draws: 0n,
  remainingTokens: 10n,
  remainingMinorUnits: null,
  remainingDraws: 3n,
  revoked: false,
  revokeReason: null,
  now: NOW,
};
const money: Partial<AuthorityTerms> = { minorUnits: 1000, currency: 'EUR', perDrawMinorUnits: 50 };
const moneyLeft: Partial<LockedBalance> = { remainingMinorUnits: 1000n };

interface DrawCase {
  name: string;
  terms?: Partial<AuthorityTerms>;
  balance?: Partial<LockedBalance>;
  draw: Partial<DrawAmount>;
  expected: DrawDecision['kind'];
}

const CASES: DrawCase[] = [
  { name: 'exactly at the ceiling', balance: { remainingTokens: 5n, remainingDraws: 1n }, draw: { tokens: 5 }, expected: 'allowed' },
  { name: 'one unit past the ceiling', balance: { remainingTokens: 5n, remainingDraws: 1n }, draw: { tokens: 6 }, expected: 'exhausted' },
  { name: 'no draws left', balance: { remainingTokens: 5n, remainingDraws: 0n }, draw: { tokens: 1 }, expected: 'exhausted' },
  { name: 'a millisecond before notBefore', balance: { now: at('2026-11-30T10:59:59.999Z') }, draw: { tokens: 1 }, expected: 'not-yet-valid' },
  { name: 'at notBefore', balance: { now: at('2026-11-30T11:00:00.000Z') }, draw: { tokens: 1 }, expected: 'allowed' },
  { name: 'a millisecond before notAfter', balance: { now: at('2026-11-30T12:59:59.999Z') }, draw: { tokens: 1 }, expected: 'allowed' },
  { name: 'at notAfter', balance: { now: at('2026-11-30T13:00:00.000Z') }, draw: { tokens: 1 }, expected: 'expired' },
  { name: 'at the per-draw cap', draw: { tokens: 6 }, expected: 'allowed' },
  { name: 'past the per-draw cap', draw: { tokens: 7 }, expected: 'per-draw-cap' },
  { name: 'past the per-draw money cap', terms: money, balance: moneyLeft, draw: { minorUnits: 51 }, expected: 'per-draw-cap' },
  { name: 'at the per-draw money cap', terms: money, balance: moneyLeft, draw: { minorUnits: 50 }, expected: 'allowed' },
  { name: 'money short', terms: money, balance: { remainingMinorUnits: 3n }, draw: { minorUnits: 4 }, expected: 'exhausted' },
  { name: 'money used up leaves token draws', terms: money, balance: { remainingMinorUnits: 0n }, draw: { tokens: 2 }, expected: 'allowed' },
  {
    name: 'revoked before anything else, with its reason',
    balance: { revoked: true, revokeReason: 'lost laptop', remainingTokens: 0n, now: at('2026-11-30T14:00:00Z') },
    draw: { tokens: 100 },
    expected: 'revoked',
  },
  { name: 'not yet valid before the per-draw cap', balance: { now: at('2026-11-30T10:00:00Z') }, draw: { tokens: 7 }, expected: 'not-yet-valid' },
  { name: 'expired before exhausted', balance: { now: at('2026-11-30T13:30:00Z'), remainingTokens: 0n }, draw: { tokens: 1 }, expected: 'expired' },
  { name: 'the per-draw cap before exhausted', balance: { remainingTokens: 0n }, draw: { tokens: 7 }, expected: 'per-draw-cap' },
  {
    name: 'the tokens cap before the money cap',
    terms: money,
    balance: moneyLeft,
    draw: { tokens: 7, minorUnits: 51 },
    expected: 'per-draw-cap',
  },
  {
    name: 'an uncapped token total past 2^53 − 1',
    terms: { tokens: null, draws: 10, perDrawTokens: null },
    balance: { remainingTokens: null, remainingDraws: 9n, drawnTokens: BigInt(MAX), draws: 1n },
    draw: { tokens: 1 },
    expected: 'total-out-of-range',
  },
  {
    name: 'an uncapped token total reaching 2^53 − 1 exactly',
    terms: { tokens: null, draws: 10, perDrawTokens: null },
    balance: { remainingTokens: null, drawnTokens: BigInt(MAX - 5) },
    draw: { tokens: 5 },
    expected: 'allowed',
  },
  {
    name: 'money drawn to 2^53 − 1 still leaves token draws',
    terms: money,
    balance: { remainingMinorUnits: 5n, drawnMinorUnits: BigInt(MAX) },
    draw: { tokens: 1 },
    expected: 'allowed',
  },
  {
    name: 'a money total past 2^53 − 1',
    terms: money,
    balance: { remainingMinorUnits: 5n, drawnMinorUnits: BigInt(MAX) },
    draw: { minorUnits: 1 },
    expected: 'total-out-of-range',
  },
  {
    name: 'the number of draws past 2^53 − 1',
    terms: { tokens: 1, draws: null },
    balance: { remainingTokens: 1n, remainingDraws: null, draws: BigInt(MAX) },
    draw: { tokens: 1 },
    expected: 'total-out-of-range',
  },
  {
    name: 'exhausted before a total out of range',
    terms: { tokens: 1, draws: null },
    balance: { remainingTokens: 0n, remainingDraws: null, draws: BigInt(MAX) },
    draw: { tokens: 1 },
    expected: 'exhausted',
  },
  {
    name: 'draws only, no tokens ceiling',
    terms: { tokens: null, perDrawTokens: null },
    balance: { remainingTokens: null },
    draw: { tokens: 500 },
    expected: 'allowed',
  },
];

function materialise(c: DrawCase): { terms: AuthorityTerms; balance: LockedBalance; draw: DrawAmount } {
  return {
    terms: { ...baseTerms, ...c.terms },
    balance: { ...baseBalance, ...c.balance },
    draw: { tokens: 0, minorUnits: 0, ...c.draw },
  };
}

/** The question as decide_draw takes it; instants as offsets from the case's clock, so the database's own clock can stand in for it. */
function argsOf(terms: AuthorityTerms, balance: LockedBalance, draw: DrawAmount) {
  const offset = (instant: Date | null) => (instant === null ? null : instant.getTime() - balance.now.getTime());
  const text = (value: bigint | number | null) => (value === null ? null : String(value));
  return {
    revoked: balance.revoked,
    reason: balance.revokeReason,
    not_before_ms: offset(terms.notBefore),
    not_after_ms: offset(terms.notAfter),
    per_draw_tokens: text(terms.perDrawTokens),
    per_draw_minor_units: text(terms.perDrawMinorUnits),
    remaining_tokens: text(balance.remainingTokens),
    remaining_minor_units: text(balance.remainingMinorUnits),
    remaining_draws: text(balance.remainingDraws),
    drawn_tokens: text(balance.drawnTokens),
    drawn_minor_units: text(balance.drawnMinorUnits),
    draws: text(balance.draws),
    tokens: text(draw.tokens),
    minor_units: text(draw.minorUnits),
  };
}

/** decide_draw over many questions in one statement, answers in order. */
async function decideInSql(pool: pg.Pool, questions: ReturnType<typeof argsOf>[]): Promise<string[]> {
  const rows = await pool.query<{ verdict: string }>(
    `SELECT decide_draw(q.revoked, now() + q.not_before_ms * interval '1 millisecond', now() + q.not_after_ms * interval '1 millisecond', now(),
                        q.per_draw_tokens, q.per_draw_minor_units, q.remaining_tokens, q.remaining_minor_units, q.remaining_draws,
                        q.drawn_tokens, q.drawn_minor_units, q.draws, q.tokens, q.minor_units) AS verdict
       FROM jsonb_to_recordset($1::jsonb) AS q (revoked boolean, reason text, not_before_ms bigint, not_after_ms bigint,
            per_draw_tokens bigint, per_draw_minor_units bigint, remaining_tokens bigint, remaining_minor_units bigint, remaining_draws bigint,
            drawn_tokens bigint, drawn_minor_units bigint, draws bigint, tokens bigint, minor_units bigint, n bigint)
      ORDER BY q.n`,
    [JSON.stringify(questions.map((question, n) => ({ ...question, n })))],
  );
  return rows.rows.map((row) => row.verdict);
}

describe('the draw case table, in decideDraw', () => {
  test.each(CASES)('$name: $expected', (c) => {
    const { terms, balance, draw } = materialise(c);
    expect(decideDraw(terms, balance, draw).kind).toBe(c.expected);
  });
});

describe('the draw case table, in the database', () => {
  dbTest("gives decide_draw decideDraw's decision, message included, for every case of the table", async ({ database }) => {
    const questions = CASES.map(materialise);
    const verdicts = await decideInSql(
      database.pool,
      questions.map((q) => argsOf(q.terms, q.balance, q.draw)),
    );
    questions.forEach((q, i) => {
      expect(decisionOfVerdict(verdicts[i]!, q.terms, q.balance.revokeReason), CASES[i]!.name).toEqual(decideDraw(q.terms, q.balance, q.draw));
    });
  });

  dbTest('gives decide_draw the same decision as decideDraw for a thousand generated questions', async ({ database }) => {
    const amount = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(MAX, MAX - 1, 2 ** 52), fc.maxSafeNat());
    const left = fc.option(
      amount.map((n) => BigInt(n)),
      { nil: null },
    );
    const cap = fc.option(fc.integer({ min: 1, max: 25 }), { nil: null });
    const offset = fc.option(fc.integer({ min: -3, max: 3 }), { nil: null });
    const question = fc.record({
      revoked: fc.boolean(),
      perDrawTokens: cap,
      perDrawMinorUnits: cap,
      notBefore: offset,
      notAfter: offset,
      remainingTokens: left,
      remainingMinorUnits: left,
      remainingDraws: fc.option(fc.bigInt({ min: 0n, max: 3n }), { nil: null }),
      drawnTokens: amount.map((n) => BigInt(n)),
      drawnMinorUnits: amount.map((n) => BigInt(n)),
      draws: fc.constantFrom(0n, 5n, BigInt(MAX - 1), BigInt(MAX)),
      draw: fc.record({ tokens: amount, minorUnits: amount }),
    });
    const questions = fc.sample(question, { numRuns: 1000, seed: 15 }).map((q) => {
      const terms: AuthorityTerms = {
        ...baseTerms,
        currency: 'EUR',
        perDrawTokens: q.perDrawTokens,
        perDrawMinorUnits: q.perDrawMinorUnits,
        notBefore: q.notBefore === null ? null : new Date(NOW.getTime() + q.notBefore),
        notAfter: q.notAfter === null ? null : new Date(NOW.getTime() + q.notAfter),
      };
      const balance: LockedBalance = { ...q, revokeReason: q.revoked ? 'r' : null, now: NOW };
      return { terms, balance, draw: q.draw };
    });
    const verdicts = await decideInSql(
      database.pool,
      questions.map((q) => argsOf(q.terms, q.balance, q.draw)),
    );
    const kinds = new Set<string>();
    questions.forEach((q, i) => {
      const expected = decideDraw(q.terms, q.balance, q.draw);
      kinds.add(expected.kind);
      expect(decisionOfVerdict(verdicts[i]!, q.terms, q.balance.revokeReason), JSON.stringify(argsOf(q.terms, q.balance, q.draw))).toEqual(expected);
    });
    // The sample reaches every branch, so no branch of either goes untested.
    expect([...kinds].sort()).toEqual(['allowed', 'exhausted', 'expired', 'not-yet-valid', 'per-draw-cap', 'revoked', 'total-out-of-range']);
  });

  dbTest('gives draw_authority, the whole draw, the same decision for every case of the table, and draws only when it allows', async ({ database }) => {
    const ids = { tenant: randomUUID(), owner: randomUUID(), agent: randomUUID() };
    const key = `csk_case-table-${randomUUID()}`;
    await database.pool.query(`INSERT INTO tenants (id, slug, name) VALUES ($1, $2, 'Cases')`, [ids.tenant, `cases-${ids.tenant.slice(0, 8)}`]);
    await database.pool.query(`INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1, $2, $3, 'x')`, [
      ids.tenant,
      ids.owner,
      `cases-${ids.owner}@example.com`,
    ]);
    await database.pool.query(`INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, 'cases', 'csk_', $4)`, [
      ids.tenant,
      ids.agent,
      ids.owner,
      hashSecret(key),
    ]);
    for (const [i, c] of CASES.entries()) {
      const { terms, balance, draw } = materialise(c);
      const args = argsOf(terms, balance, draw);
      const id = `case-${i}`;
      const client = await database.pool.connect();
      try {
        // One transaction, so now() is one instant: the case's windows are set around it exactly.
        // Not insertAuthorityTerms (store.ts): it takes instants, and these windows are offsets from the statement's own now().
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO authorities (tenant_id, id, agent_id, owner_id, name, terms, ceiling_tokens, ceiling_minor_units, currency, ceiling_draws,
                                    per_draw_tokens, per_draw_minor_units, not_before, not_after)
           VALUES ($1, $2, $3, $4, $2, $2, $5, $6, $7, $8, $9, $10, now() + $11 * interval '1 millisecond', now() + $12 * interval '1 millisecond')`,
          [
            ids.tenant,
            id,
            ids.agent,
            ids.owner,
            terms.tokens,
            terms.minorUnits,
            terms.currency,
            terms.draws,
            terms.perDrawTokens,
            terms.perDrawMinorUnits,
            args.not_before_ms,
            args.not_after_ms,
          ],
        );
        await client.query(
          `INSERT INTO authority_balances (tenant_id, owner_id, authority_id, drawn_tokens, drawn_minor_units, draws,
                                           remaining_tokens, remaining_minor_units, remaining_draws, revoked, revoked_at, revoke_reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 THEN now() END, $11)`,
          [
            ids.tenant,
            ids.owner,
            id,
            args.drawn_tokens,
            args.drawn_minor_units,
            args.draws,
            args.remaining_tokens,
            args.remaining_minor_units,
            args.remaining_draws,
            balance.revoked,
            balance.revokeReason,
          ],
        );
        const answer = await client.query<{ verdict: string; ordinal: string | null }>(`SELECT verdict, ordinal FROM draw_authority($1, $2, 'k', $3, $4)`, [
          hashSecret(key),
          id,
          draw.tokens,
          draw.minorUnits,
        ]);
        const { verdict, ordinal } = answer.rows[0]!;
        const expected = decideDraw(terms, balance, draw);
        if (expected.kind === 'allowed') {
          expect(verdict, c.name).toBe('drawn');
          expect(ordinal, c.name).toBe(String(balance.draws + 1n));
        } else {
          expect(decisionOfVerdict(verdict, terms, balance.revokeReason), c.name).toEqual(expected);
          const receipts = await client.query(`SELECT 1 FROM authority_receipts WHERE tenant_id = $1 AND authority_id = $2`, [ids.tenant, id]);
          expect(receipts.rowCount, c.name).toBe(0);
        }
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
  });
});
