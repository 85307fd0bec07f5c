import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { ask, daysFromNow, readRule, revokeRule, ruleId } from '../../../../test/rules-kit.js';
import { text, type TestApi } from '../../../../test/testkit.js';
import { approveByRule, drawRule, insertSignOffRule, revokeRuleIfLive } from './rules-store.js';

// The asking transaction reads only live candidates before it draws, so the
// API's tests reach `drawRule` only where its guards hold anyway; a
// revocation or an end landing between the read and the draw is what they
// are for. These call each statement directly on rules in those states and
// check that it changes nothing there (`pnpm test:mutate` removes each
// guard and expects a test here or beside it to fail).

/** An owner's agent with a rule for read tokens, its tenant and owner. */
async function scene(api: TestApi, cap = 3) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const rule = await ruleId(api, owner, { agent: agent.id, op: 'repository.mintToken', terms: { maxApprovals: cap, endsAt: daysFromNow(1) } });
  const { tenantId, ownerId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
  return { owner, agent, repo, rule, tenantId, ownerId };
}

const remaining = async (api: TestApi, id: string) => (await api.db.prisma.signOffRule.findFirstOrThrow({ where: { id } })).remaining;

describe('the rule statements', () => {
  apiTest('draw nothing from a revoked rule, one past its end, or one used up', async ({ api }) => {
    const { owner, rule, tenantId } = await scene(api);
    await revokeRule(api, owner, rule, 'stop');
    expect(await drawRule(api.db.pool, tenantId, rule)).toBeNull();
    expect(await remaining(api, rule)).toBe(3);

    const ended = await scene(api);
    await api.db.pool.query(`UPDATE sign_off_rules SET created_at = now() - interval '2 days', ends_at = now() - interval '1 second' WHERE id = $1`, [
      ended.rule,
    ]);
    expect(await drawRule(api.db.pool, ended.tenantId, ended.rule)).toBeNull();
    expect(await remaining(api, ended.rule)).toBe(3);

    const used = await scene(api, 1);
    expect(await drawRule(api.db.pool, used.tenantId, used.rule)).toBe(0);
    expect(await drawRule(api.db.pool, used.tenantId, used.rule)).toBeNull();
    expect(await remaining(api, used.rule)).toBe(0);
  });

  apiTest('approve by a rule only a request still pending', async ({ api }) => {
    const { owner, agent, repo, rule, tenantId } = await scene(api);
    await revokeRule(api, owner, rule, 'not this way');
    const id = text((await ask(api, agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } })).signOff?.id);
    expect(await api.decide(owner.cookie, id, false, 'no')).toMatchObject({ signOff: { state: 'DENIED' } });
    expect(await approveByRule(api.db.pool, tenantId, id, rule)).toBe(false);
    expect(await api.db.prisma.signOff.findFirstOrThrow({ where: { id } })).toMatchObject({ state: 'denied', approvedByRule: null });
  });

  apiTest('let only the rule’s owner revoke it, and only once', async ({ api }) => {
    const { owner, rule, tenantId, ownerId } = await scene(api);
    const colleague = await api.owner(owner.tenantName);
    const colleagueId = (await api.db.prisma.owner.findFirstOrThrow({ where: { email: colleague.email } })).id;
    expect(await revokeRuleIfLive(api.db.pool, tenantId, colleagueId, rule, 'mine now')).toBe(false);
    expect(await revokeRule(api, colleague, rule, 'mine now')).toMatchObject({ code: 'NOT_FOUND' });
    expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ state: 'ACTIVE', revokedAt: null });
    expect(await revokeRuleIfLive(api.db.pool, tenantId, ownerId, rule, 'first')).toBe(true);
    expect(await revokeRuleIfLive(api.db.pool, tenantId, ownerId, rule, 'second')).toBe(false);
    expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ state: 'REVOKED', revokeReason: 'first' });
  });

  apiTest('write a rule only with an end after now and at most 30 days on, by the database’s clock', async ({ api }) => {
    const { agent, tenantId, ownerId } = await scene(api);
    const rule = (endsAt: Date) => ({
      tenantId,
      id: randomUUID(),
      ownerId,
      agentId: agent.id,
      op: 'repository.serve',
      opVersion: null,
      repositoryId: null,
      fields: [],
      constraints: [],
      maxApprovals: 1,
      endsAt,
    });
    const { now } = (await api.db.pool.query<{ now: Date }>('SELECT now() AS now')).rows[0]!;
    const day = 24 * 3600 * 1000;
    expect(await insertSignOffRule(api.db.pool, rule(new Date(now.getTime() - 1000)))).toBe(false);
    expect(await insertSignOffRule(api.db.pool, rule(new Date(now.getTime() + 31 * day)))).toBe(false);
    expect(await api.db.prisma.signOffRule.count({ where: { op: 'repository.serve' } })).toBe(0);
    expect(await insertSignOffRule(api.db.pool, rule(new Date(now.getTime() + 29 * day)))).toBe(true);
  });
});
