import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { stringContaining } from '../../../../test/matchers.js';
import { define } from '../../../../test/operations-kit.js';
import { approveAndRemember, ask, createRule, daysFromNow, readRule, revokeRule, ruleId } from '../../../../test/rules-kit.js';
import { threeOwners } from '../../../../test/two-person-kit.js';
import { list, text, type SignedInOwner, type TestApi } from '../../../../test/testkit.js';

const MINT = 'repository.mintToken';

/** An owner, their agent and a repository. */
async function seed(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  return { owner, agent, repo };
}

const ruleCount = async (api: TestApi) => Number((await api.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sign_off_rules')).rows[0]!.n);

/** A shop's LOW-risk AGENT operation with a string, an enumerable and a money field. */
const PAY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'memo', 'tier', 'amount'],
  properties: {
    to: { type: 'string' },
    memo: { type: 'string' },
    tier: { type: 'string' },
    units: { type: 'integer' },
    amount: {
      type: 'object',
      additionalProperties: false,
      required: ['minorUnits', 'currency'],
      properties: { minorUnits: { type: 'integer' }, currency: { type: 'string' } },
    },
  },
};

async function definePay(api: TestApi, owner: SignedInOwner) {
  expect(text((await define(api, owner, { op: 'shop.pay', summary: 'Pay a supplier', risk: 'LOW', inputSchema: PAY_SCHEMA })).__typename)).toBe(
    'OperationDefined',
  );
}

const pay = (over: Record<string, unknown> = {}) => ({
  to: 'acme-7',
  memo: 'May',
  tier: 'gold',
  units: 5,
  amount: { minorUnits: 500, currency: 'EUR' },
  ...over,
});

describe('approve-and-remember rules', () => {
  apiTest('approves a matching request at once, by the rule, runs it as an owner approval would, and counts it', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await ruleId(api, owner, {
      agent: agent.id,
      op: MINT,
      terms: {
        constraints: [
          { field: 'scopes', equals: ['read'] },
          { field: 'ttlHours', atMost: 12 },
        ],
        maxApprovals: 3,
        endsAt: daysFromNow(7),
      },
    });
    const asked = await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 4 } });
    expect(asked).toMatchObject({ __typename: 'SignOffRequested', existing: false, signOff: { state: 'SUCCEEDED', note: null, approvedByRule: { id } } });
    expect(asked.signOff?.decidedAt).not.toBeNull();
    expect(await api.db.prisma.repositoryToken.count({ where: { signOffId: text(asked.signOff?.id) } })).toBe(1);
    expect(await readRule(api, { cookie: owner.cookie }, id)).toMatchObject({ state: 'ACTIVE', maxApprovals: 3, remaining: 2, approvedCount: 1 });
    // The owner sees the rule named on the request, and the agent sees its own rule.
    const seen = await api.graphql('query($id: ID!) { signOff(id: $id) { approvedByRule { id op } } }', { id: asked.signOff?.id }, { cookie: owner.cookie });
    expect(seen.data?.signOff).toEqual({ approvedByRule: { id, op: MINT } });
    expect(await readRule(api, { key: agent.key }, id)).toMatchObject({ id });
  });

  apiTest('does not ask the owner about a request a rule approved: no "asks you" notice and no reminders, only its decision and outcome', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const terms = { constraints: [{ field: 'ttlHours', atMost: 12 }], maxApprovals: 1, endsAt: daysFromNow(7) };
    await ruleId(api, owner, { agent: agent.id, op: MINT, terms });
    const byRule = await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 4 } });
    const waiting = await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 5 } });
    expect(byRule.signOff?.approvedByRule).not.toBeNull();
    expect(waiting.signOff).toMatchObject({ state: 'PENDING', approvedByRule: null });
    const events = async (signOffId: unknown) =>
      (
        await api.db.pool.query<{ event: string }>(`SELECT event FROM outbox WHERE sign_off_id = $1 AND channel = 'event' ORDER BY event`, [signOffId])
      ).rows.map((row) => row.event);
    expect(await events(byRule.signOff?.id)).toEqual(['SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED']);
    expect(await events(waiting.signOff?.id)).toEqual(['SIGN_OFF_EXPIRING', 'SIGN_OFF_EXPIRING', 'SIGN_OFF_REQUESTED']);
  });

  apiTest('leaves pending a request that breaks any one constraint: equals, oneOf, atMost, prefix', async ({ api }) => {
    const { owner, agent } = await seed(api);
    await definePay(api, owner);
    const id = await ruleId(api, owner, {
      agent: agent.id,
      op: 'shop.pay',
      terms: {
        constraints: [
          { field: 'to', prefix: 'acme-' },
          { field: 'tier', oneOf: ['gold', 'silver'] },
          { field: 'units', atMost: 10 },
          { field: 'amount', equals: { currency: 'EUR', minorUnits: 500 } },
        ],
        maxApprovals: 10,
        endsAt: daysFromNow(1),
      },
    });
    const state = async (input: unknown) => (await ask(api, agent.key, { op: 'shop.pay', input })).signOff?.state;
    expect(await state(pay({ to: 'evil-1' }))).toBe('PENDING');
    expect(await state(pay({ tier: 'bronze' }))).toBe('PENDING');
    expect(await state(pay({ units: 11 }))).toBe('PENDING');
    expect(await state(pay({ amount: { minorUnits: 501, currency: 'EUR' } }))).toBe('PENDING');
    // A constrained field left out is not "any": the rule does not cover it.
    expect(await state({ to: 'acme-1', memo: 'x', tier: 'gold', amount: { minorUnits: 500, currency: 'EUR' } })).toBe('PENDING');
    expect(await readRule(api, { cookie: owner.cookie }, id)).toMatchObject({ remaining: 10 });
    // Every constraint met, the unconstrained memo anything: approved, and the AGENT operation's grant awaits its redeem.
    expect(await state(pay({ to: 'acme-99', tier: 'silver', units: 10, memo: 'anything at all' }))).toBe('AWAITING_REDEEM');
    expect(await readRule(api, { cookie: owner.cookie }, id)).toMatchObject({ remaining: 9, approvedCount: 1 });
  });

  apiTest('never approves a request assessed HIGH: money above the owner’s threshold waits for the owner', async ({ api }) => {
    const { owner, agent } = await seed(api);
    await definePay(api, owner);
    await api.graphql(
      'mutation($input: SetMoneyRiskThresholdInput!) { setMoneyRiskThreshold(input: $input) { __typename } }',
      { input: { currency: 'EUR', minorUnits: 1000 } },
      { cookie: owner.cookie },
    );
    const id = await ruleId(api, owner, { agent: agent.id, op: 'shop.pay', terms: { maxApprovals: 5, endsAt: daysFromNow(2) } });
    expect((await ask(api, agent.key, { op: 'shop.pay', input: pay({ amount: { minorUnits: 1001, currency: 'EUR' } }) })).signOff?.state).toBe('PENDING');
    expect((await ask(api, agent.key, { op: 'shop.pay', input: pay({ amount: { minorUnits: 1000, currency: 'EUR' } }) })).signOff?.state).toBe(
      'AWAITING_REDEEM',
    );
    expect(await readRule(api, { cookie: owner.cookie }, id)).toMatchObject({ remaining: 4 });
  });

  apiTest('refuses a rule for a HIGH-risk or irreversible operation, and bad terms, with BAD_INPUT, writing nothing', async ({ api }) => {
    const { owner, agent } = await seed(api);
    await definePay(api, owner);
    expect(text((await define(api, owner, { op: 'shop.wire', summary: 'Wire money', risk: 'HIGH', inputSchema: PAY_SCHEMA })).__typename)).toBe(
      'OperationDefined',
    );
    expect(
      text((await define(api, owner, { op: 'shop.close', summary: 'Close the shop', risk: 'LOW', irreversible: true, inputSchema: PAY_SCHEMA })).__typename),
    ).toBe('OperationDefined');
    const good = { maxApprovals: 2, endsAt: daysFromNow(3) };
    const refused = async (op: string, terms: Record<string, unknown>) => {
      const response = await createRule(api, owner, { agent: agent.id, op, terms });
      expect(response.data?.createSignOffRule ?? null, JSON.stringify(response)).toBeNull();
      return { code: response.errors?.[0]?.extensions?.code, message: response.errors?.[0]?.message ?? '' };
    };
    for (const op of ['repository.delete', 'repository.transfer', 'authority.grant', 'shop.wire', 'shop.close']) {
      expect(await refused(op, good)).toMatchObject({ code: 'BAD_INPUT' });
    }
    expect(await refused('shop.pay', { endsAt: daysFromNow(1) })).toEqual({ code: 'BAD_INPUT', message: stringContaining('needs a cap') });
    expect((await refused('shop.pay', { ...good, maxApprovals: 0 })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, maxApprovals: 1001 })).code).toBe('BAD_INPUT');
    expect(await refused('shop.pay', { maxApprovals: 2 })).toEqual({ code: 'BAD_INPUT', message: stringContaining('needs an end') });
    expect((await refused('shop.pay', { ...good, endsAt: daysFromNow(-0.01) })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, endsAt: daysFromNow(30.01) })).code).toBe('BAD_INPUT');
    expect(await refused('shop.pay', { ...good, constraints: [{ field: 'colour', equals: 'red' }] })).toEqual({
      code: 'BAD_INPUT',
      message: stringContaining('"colour" is not a field'),
    });
    expect((await refused('repository.serve', { ...good, constraints: [{ field: 'to', equals: 'x' }] })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, constraints: [{ field: 'to', equals: 'x', prefix: 'y' }] })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, constraints: [{ field: 'to' }] })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, constraints: [{ field: 'to', prefix: '' }] })).code).toBe('BAD_INPUT');
    expect((await refused('shop.pay', { ...good, constraints: [{ field: 'to', oneOf: [] }] })).code).toBe('BAD_INPUT');
    expect(
      (
        await refused('shop.pay', {
          ...good,
          constraints: [
            { field: 'to', equals: 'a' },
            { field: 'to', equals: 'b' },
          ],
        })
      ).code,
    ).toBe('BAD_INPUT');
    expect((await refused('no.such', good)).code).toBe('BAD_INPUT');
    expect(await ruleCount(api)).toBe(0);
    // The same terms, well formed, are accepted: the refusals above were for what they said.
    expect(text((await createRule(api, owner, { agent: agent.id, op: 'shop.pay', terms: good })).data?.createSignOffRule?.__typename)).toBe(
      'SignOffRuleCreated',
    );
    // Ending exactly 30 days on (less a moment for the trip) is allowed.
    expect(
      text((await createRule(api, owner, { agent: agent.id, op: MINT, terms: { ...good, endsAt: daysFromNow(29.999) } })).data?.createSignOffRule?.__typename),
    ).toBe('SignOffRuleCreated');
  });

  apiTest('answers NOT_FOUND for another owner’s or an unknown agent, and keeps rules inside their tenant', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const stranger = await api.owner();
    const strangerAgent = await api.agent(stranger);
    const terms = { maxApprovals: 2, endsAt: daysFromNow(3) };
    for (const target of [strangerAgent.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await createRule(api, owner, { agent: target, op: MINT, terms })).data?.createSignOffRule).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await createRule(api, owner, { agent: agent.id, op: MINT, repository: 'nope', terms })).data?.createSignOffRule).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await ruleCount(api)).toBe(0);
    const id = await ruleId(api, owner, { agent: agent.id, op: MINT, repository: repo.name, terms });
    expect(await readRule(api, { cookie: stranger.cookie }, id)).toBeNull();
    expect(await readRule(api, { key: strangerAgent.key }, id)).toBeNull();
    expect(list((await api.graphql('{ signOffRules { nodes { id } } }', {}, { cookie: stranger.cookie })).data?.signOffRules?.nodes)).toEqual([]);
    expect(await revokeRule(api, stranger, id, 'mine now')).toMatchObject({ code: 'NOT_FOUND' });
    expect(await readRule(api, { cookie: owner.cookie }, id)).toMatchObject({ state: 'ACTIVE', revokedAt: null, repository: { name: repo.name } });
  });

  apiTest('stops approving the moment it is revoked; revoking again keeps the first reason', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await ruleId(api, owner, { agent: agent.id, op: MINT, terms: { maxApprovals: 10, endsAt: daysFromNow(3) } });
    expect((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } })).signOff?.state).toBe('SUCCEEDED');
    expect(await revokeRule(api, owner, id, 'enough')).toMatchObject({ rule: { state: 'REVOKED', revokeReason: 'enough', remaining: 9 } });
    expect((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } })).signOff).toMatchObject({
      state: 'PENDING',
      approvedByRule: null,
    });
    expect(await revokeRule(api, owner, id, 'second thoughts')).toMatchObject({ rule: { state: 'REVOKED', revokeReason: 'enough' } });
    expect(await revokeRule(api, owner, id, '   ')).toMatchObject({ errors: [{ extensions: { code: 'BAD_INPUT' } }] });
  });

  apiTest('stops at its cap and at its end, and covers only its own agent and the repository it names', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const other = await api.repository(owner);
    const sibling = await api.agent(owner);
    const capped = await ruleId(api, owner, { agent: agent.id, op: MINT, repository: repo.name, terms: { maxApprovals: 1, endsAt: daysFromNow(3) } });
    const mint = (key: string, repository: string, ttlHours: number) => ask(api, key, { op: MINT, repository, input: { scopes: ['read'], ttlHours } });
    expect((await mint(agent.key, other.name, 1)).signOff?.state).toBe('PENDING');
    expect((await mint(sibling.key, repo.name, 1)).signOff?.state).toBe('PENDING');
    expect((await mint(agent.key, repo.name, 2)).signOff?.state).toBe('SUCCEEDED');
    expect((await mint(agent.key, repo.name, 3)).signOff?.state).toBe('PENDING');
    expect(await readRule(api, { cookie: owner.cookie }, capped)).toMatchObject({ state: 'EXHAUSTED', remaining: 0, approvedCount: 1 });

    const ending = await ruleId(api, owner, { agent: agent.id, op: 'repository.serve', terms: { maxApprovals: 5, endsAt: daysFromNow(1) } });
    await api.db.pool.query(`UPDATE sign_off_rules SET created_at = now() - interval '2 days', ends_at = now() - interval '1 second' WHERE id = $1`, [ending]);
    expect((await ask(api, agent.key, { op: 'repository.serve', repository: repo.name, input: {} })).signOff?.state).toBe('PENDING');
    expect(await readRule(api, { cookie: owner.cookie }, ending)).toMatchObject({ state: 'EXPIRED', remaining: 5 });
    const states = async (state: string) =>
      list(
        (await api.graphql('query($s: SignOffRuleState) { signOffRules(state: $s) { nodes { id } } }', { s: state }, { cookie: owner.cookie })).data
          ?.signOffRules?.nodes,
      );
    expect(await states('EXHAUSTED')).toEqual([{ id: capped }]);
    expect(await states('EXPIRED')).toEqual([{ id: ending }]);
    expect(await states('ACTIVE')).toEqual([]);
  });

  apiTest('approve and remember: approves the request and makes the rule with it, for its agent, operation and repository', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const first = text((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } })).signOff?.id);
    const remembered = await approveAndRemember(api, owner, first, {
      constraints: [
        { field: 'scopes', equals: ['read'] },
        { field: 'ttlHours', atMost: 8 },
      ],
      maxApprovals: 2,
      endsAt: daysFromNow(5),
    });
    expect(remembered.data?.decideSignOff).toMatchObject({
      __typename: 'SignOffDecided',
      signOff: { state: 'SUCCEEDED', approvedByRule: null },
      rule: { op: MINT, maxApprovals: 2, remaining: 2, state: 'ACTIVE', agent: { id: agent.id }, repository: { name: repo.name } },
    });
    const rule = text(remembered.data?.decideSignOff?.rule?.id);
    const mint = (ttlHours: number, repository = repo.name) => ask(api, agent.key, { op: MINT, repository, input: { scopes: ['read'], ttlHours } });
    expect((await mint(3)).signOff).toMatchObject({ state: 'SUCCEEDED', approvedByRule: { id: rule } });
    expect((await mint(9)).signOff?.state).toBe('PENDING');
    expect((await mint(4, (await api.repository(owner)).name)).signOff?.state).toBe('PENDING');
    expect((await mint(5)).signOff).toMatchObject({ state: 'SUCCEEDED', approvedByRule: { id: rule } });
    expect((await mint(6)).signOff?.state).toBe('PENDING');
  });

  apiTest('refuses to remember with a denial, on a HIGH-risk request, or with bad terms, deciding nothing and writing no rule', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const mint = text((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } })).signOff?.id);
    const deletion = text((await ask(api, agent.key, { op: 'repository.delete', repository: repo.name, input: {} })).signOff?.id);
    const terms = { maxApprovals: 2, endsAt: daysFromNow(1) };
    const code = async (id: string, remember: Record<string, unknown>, approve = true) =>
      (await approveAndRemember(api, owner, id, remember, approve)).errors?.[0]?.extensions?.code;
    expect(await code(mint, terms, false)).toBe('BAD_INPUT');
    expect(await code(deletion, terms)).toBe('BAD_INPUT');
    expect(await code(mint, { maxApprovals: 2 })).toBe('BAD_INPUT');
    expect(await code(mint, { ...terms, constraints: [{ field: 'owner', equals: 'x' }] })).toBe('BAD_INPUT');
    expect(await code(mint, { ...terms, endsAt: daysFromNow(31) })).toBe('BAD_INPUT');
    expect(await api.db.prisma.signOff.findMany({ where: { id: { in: [mint, deletion] } }, select: { state: true } })).toEqual([
      { state: 'pending' },
      { state: 'pending' },
    ]);
    expect(await ruleCount(api)).toBe(0);
  });

  apiTest(
    'refuses to remember a request that needs two owners’ approvals, for its owner and for a co-owner, recording no approval and writing no rule',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = text((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } })).signOff?.id);
      const terms = { maxApprovals: 2, endsAt: daysFromNow(1) };
      for (const who of [owner, second]) {
        const answer = await approveAndRemember(api, who, id, terms);
        expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      }
      expect(await api.db.prisma.signOff.findFirstOrThrow({ where: { id }, select: { state: true } })).toEqual({ state: 'pending' });
      expect((await api.db.pool.query('SELECT 1 FROM sign_off_approvals WHERE sign_off_id = $1', [id])).rowCount).toBe(0);
      expect(await ruleCount(api)).toBe(0);
    },
  );

  apiTest('appends the rule’s making, each approval it gives and its revocation to the tenant’s audit chain, with the act', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await ruleId(api, owner, { agent: agent.id, op: MINT, terms: { maxApprovals: 3, endsAt: daysFromNow(1) } });
    const asked = await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    await revokeRule(api, owner, id, 'done');
    await revokeRule(api, owner, id, 'again');
    const entries = await api.db.pool.query<{ kind: string; actor: string; subject: string }>(
      `SELECT kind, actor, subject FROM audit_entries WHERE kind LIKE 'rule.%' OR kind = 'signoff.approved_by_rule' ORDER BY seq`,
    );
    const ownerId = (await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } })).ownerId;
    expect(entries.rows).toEqual([
      { kind: 'rule.created', actor: `owner:${ownerId}`, subject: `rule:${id}` },
      { kind: 'signoff.approved_by_rule', actor: `rule:${id}`, subject: `signoff:${text(asked.signOff?.id)}` },
      { kind: 'rule.revoked', actor: `owner:${ownerId}`, subject: `rule:${id}` },
    ]);
  });

  apiTest('lets History keep the requests a rule approved, one rule’s, or the owner’s own', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const rule = await ruleId(api, owner, {
      agent: agent.id,
      op: MINT,
      terms: { constraints: [{ field: 'ttlHours', atMost: 2 }], maxApprovals: 5, endsAt: daysFromNow(1) },
    });
    const byRule = [1, 2].map((ttlHours) => ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours } }));
    const ruled = await Promise.all(byRule);
    const manual = text((await ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 3 } })).signOff?.id);
    await api.decide(owner.cookie, manual, true);
    const ids = async (args: string, variables: Record<string, unknown> = {}) =>
      list(
        (await api.graphql(`query${args.includes('$rule') ? '($rule: ID)' : ''} { signOffs(${args}) { nodes { id } } }`, variables, { cookie: owner.cookie }))
          .data?.signOffs?.nodes,
      )
        .map((node) => text(node.id))
        .sort();
    const ruledIds = ruled.map((answer) => text(answer.signOff?.id)).sort();
    expect(await ids('byRule: true')).toEqual(ruledIds);
    expect(await ids('rule: $rule', { rule })).toEqual(ruledIds);
    expect(await ids('byRule: false')).toEqual([manual]);
    expect(await ids('rule: $rule', { rule: 'not-a-uuid' })).toEqual([]);
    // The agent's own view filters the same way.
    const agentView = await api.graphql('{ signOffs(byRule: true) { nodes { id } } }', {}, { key: agent.key });
    expect(list(agentView.data?.signOffs?.nodes)).toHaveLength(2);
  });
});
