import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../../test/fixtures.js';
import { collect, text, waitFor, type SignedInOwner } from '../../../../test/testkit.js';
import { decide, minted, MINT, read, stored, threeOwners } from '../../../../test/two-person-kit.js';
import { createEndpoint, distinctEvents, typeOf } from '../../../../test/notify-kit.js';
import { answerJson, startReceiver } from '../../../../test/webhook-receiver.js';
import { fromJson } from '../../../../test/testkit.js';
import { sweepOnce } from '../../../jobs/sweeper/sweeper.js';
import { MAX_PENDING_PER_AGENT } from '../policy.js';

describe('the two-person rule', () => {
  apiTest(
    'moves to PARTIALLY_APPROVED on the first approval, refuses the same owner again with SECOND_APPROVER_REQUIRED changing nothing, and runs once on another owner’s approval',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      expect(await read(api, { cookie: owner.cookie }, id)).toMatchObject({ state: 'PENDING', approvalsRequired: 2, approvals: [] });

      expect(await decide(api, owner, id, true, 'fine by me')).toEqual({
        __typename: 'SignOffDecided',
        signOff: { state: 'PARTIALLY_APPROVED', approvalsRequired: 2, approvals: [{ owner: { email: owner.email }, note: 'fine by me' }] },
      });
      expect(await stored(api, id)).toEqual({ state: 'partially_approved', approvalsRequired: 2, decided: false, approvals: 1 });
      expect(await minted(api, id)).toBe(0);

      const again = await decide(api, owner, id, true);
      expect(again).toMatchObject({ __typename: 'SecondApproverRequired', code: 'SECOND_APPROVER_REQUIRED', signOff: { state: 'PARTIALLY_APPROVED' } });
      expect(text(again.message)).toMatch(/another owner/);
      expect(await stored(api, id)).toEqual({ state: 'partially_approved', approvalsRequired: 2, decided: false, approvals: 1 });

      const done = await decide(api, second, id, true, 'agreed');
      expect(done).toMatchObject({
        __typename: 'SignOffDecided',
        signOff: {
          state: 'SUCCEEDED',
          approvals: [
            { owner: { email: owner.email }, note: 'fine by me' },
            { owner: { email: second.email }, note: 'agreed' },
          ],
        },
      });
      expect(await minted(api, id)).toBe(1);
      expect(await read(api, { cookie: owner.cookie }, id)).toMatchObject({ state: 'SUCCEEDED', note: 'agreed' });
      // Decided now: anyone approving again, either owner, finds it closed; nothing runs twice.
      for (const who of [owner, second]) {
        expect(await decide(api, who, id, true)).toMatchObject({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', signOff: { state: 'SUCCEEDED' } });
      }
      expect(await minted(api, id)).toBe(1);
      // The approvals table refuses the same owner twice whatever the code does.
      await expect(
        api.db.pool.query(`INSERT INTO sign_off_approvals (tenant_id, sign_off_id, owner_id) SELECT tenant_id, id, $2::uuid FROM sign_offs WHERE id = $1`, [
          id,
          (await api.db.prisma.owner.findFirstOrThrow({ where: { email: owner.email } })).id,
        ]),
      ).rejects.toMatchObject({ code: '23505' });
    },
  );

  apiTest('is denied by any owner, before or after the first approval, and then runs nothing', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    const fresh = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    expect(await decide(api, third, fresh, false, 'no')).toMatchObject({ signOff: { state: 'DENIED' } });
    expect(await stored(api, fresh)).toMatchObject({ state: 'denied', decided: true, approvals: 0 });

    const half = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } });
    expect(await decide(api, second, half, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
    // The first approver may change their mind as well as anyone else: any denial denies it.
    expect(await decide(api, second, half, false, 'on second thought')).toMatchObject({ signOff: { state: 'DENIED' } });
    expect(await read(api, { key: agent.key }, half)).toMatchObject({ state: 'DENIED', note: 'on second thought' });
    expect(await decide(api, owner, half, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'DENIED' } });
    expect(await minted(api, fresh)).toBe(0);
    expect(await minted(api, half)).toBe(0);
  });

  apiTest(
    'stays open while half-approved: asking again returns it, it counts toward the cap, its agent may withdraw it, and revoking its agent withdraws it',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      await decide(api, owner, id, true);
      const twin = await api.request(agent.key, { ...MINT, repository: repo.name });
      expect(twin.data?.requestSignOff).toMatchObject({ existing: true, signOff: { id, state: 'PARTIALLY_APPROVED' } });

      for (let n = 1; n < MAX_PENDING_PER_AGENT; n++) {
        await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: n + 1 } });
      }
      const over = await api.request(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 22 } });
      expect(over.data?.requestSignOff).toMatchObject({ __typename: 'TooManyPending', code: 'TOO_MANY_PENDING' });

      const WITHDRAW =
        'mutation($id: ID!) { withdrawSignOff(id: $id) { __typename ... on SignOffWithdrawn { signOff { state } } ... on DomainError { code } } }';
      const withdrawn = await api.graphql(WITHDRAW, { id }, { key: agent.key });
      expect(withdrawn.data?.withdrawSignOff).toEqual({ __typename: 'SignOffWithdrawn', signOff: { state: 'WITHDRAWN' } });
      expect(await decide(api, second, id, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'WITHDRAWN' } });

      const other = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 23 } });
      await decide(api, second, other, true);
      const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
      expect(revoked.data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
      expect(await stored(api, other)).toMatchObject({ state: 'withdrawn', decided: true });
      expect(await decide(api, owner, other, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'WITHDRAWN' } });
      expect(await minted(api, other)).toBe(0);
    },
  );

  apiTest('reads as EXPIRED past its window, before and after the sweep, and can then not be approved', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await decide(api, owner, id, true);
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [id]);
    expect(await read(api, { cookie: second.cookie }, id)).toMatchObject({ state: 'EXPIRED' });
    expect(await decide(api, second, id, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'EXPIRED' } });
    expect(await decide(api, second, id, false)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'EXPIRED' } });
    expect(await stored(api, id)).toMatchObject({ state: 'partially_approved' });
    await sweepOnce(api.db, testLog);
    expect(await stored(api, id)).toMatchObject({ state: 'expired', decided: true });
    expect(await read(api, { key: agent.key }, id)).toMatchObject({ state: 'EXPIRED' });
    expect(await minted(api, id)).toBe(0);
  });

  apiTest(
    'shows a two-person request, with who approved it, to every owner of the tenant, while a one-approval request stays its owner’s alone',
    async ({ api }) => {
      const { owner, second, third, agent, repo } = await threeOwners(api);
      const stranger = await api.owner();
      const shared = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      const own = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
      await decide(api, owner, shared, true, 'first');

      const LIST = '{ signOffs(decided: false) { nodes { id state approvals { owner { email } } } } pendingSignOffCount }';
      for (const colleague of [second, third]) {
        expect(await read(api, { cookie: colleague.cookie }, shared)).toMatchObject({
          state: 'PARTIALLY_APPROVED',
          approvals: [{ owner: { email: owner.email }, note: 'first' }],
        });
        expect(await read(api, { cookie: colleague.cookie }, own)).toBeNull();
        const listed = await api.graphql(LIST, {}, { cookie: colleague.cookie });
        expect(listed.data).toEqual({
          signOffs: { nodes: [{ id: shared, state: 'PARTIALLY_APPROVED', approvals: [{ owner: { email: owner.email } }] }] },
          pendingSignOffCount: 1,
        });
        // Not theirs to decide: as not found, and unchanged.
        expect(await decide(api, colleague, own, false)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
      }
      const mine = await api.graphql(LIST, {}, { cookie: owner.cookie });
      expect(mine.data?.pendingSignOffCount).toBe(2);
      expect(await read(api, { cookie: stranger.cookie }, shared)).toBeNull();
      expect(await decide(api, stranger, shared, true)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
      // The agent reads its request's state, not who approved it.
      expect(await read(api, { key: agent.key }, shared)).toMatchObject({ state: 'PARTIALLY_APPROVED', approvalsRequired: 2, approvals: [] });
      expect(await stored(api, own)).toMatchObject({ state: 'pending', approvalsRequired: 1 });
    },
  );

  apiTest('tells every owner’s Inbox subscription of a two-person request, and only its owner of a one-approval one', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    type Event = { signOffEvents: { signOff: { id: string; state: string } } };
    const EVENTS = 'subscription { signOffEvents { signOff { id state } } }';
    const ownerClient = api.subscriber({ cookie: owner.cookie });
    const secondClient = api.subscriber({ cookie: second.cookie });
    try {
      const before = api.bus.subscriberCount;
      const ownerEvents = collect<Event>(ownerClient, EVENTS);
      const secondEvents = collect<Event>(secondClient, EVENTS);
      await waitFor(() => api.bus.subscriberCount === before + 2);

      const own = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
      const shared = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      // An event carries the request's id and is resolved from its row as it is then: each step is taken once the
      // one before has reached both owners, so the row each event is read from is the one that step left.
      await ownerEvents.until(2);
      await secondEvents.until(1);
      await decide(api, owner, shared, true);
      await secondEvents.until(2);
      await decide(api, second, shared, true);
      const seen = (events: Event[]) => events.map((event) => [event.signOffEvents.signOff.id, event.signOffEvents.signOff.state]);
      // Asked, half-approved, approved, succeeded: every step of the shared one reaches both; the owner's own only the owner.
      expect(seen(await secondEvents.until(4))).toEqual([
        [shared, 'PENDING'],
        [shared, 'PARTIALLY_APPROVED'],
        [shared, expect.stringMatching(/^(APPROVED|SUCCEEDED)$/)],
        [shared, 'SUCCEEDED'],
      ]);
      expect(seen(await ownerEvents.until(5))[0]).toEqual([own, 'PENDING']);
      expect(seen(ownerEvents.values).slice(1)).toEqual(seen(secondEvents.values));
      expect(secondEvents.values).toHaveLength(4);
    } finally {
      await ownerClient.dispose();
      await secondClient.dispose();
    }
  });

  apiTest('notifies every owner of the tenant of a two-person request at their own endpoints, and only its owner of a one-approval one', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const receivers = [await startReceiver(answerJson(200, {})), await startReceiver(answerJson(200, {}))];
    try {
      for (const [i, who] of [owner, second].entries()) {
        const endpoint = await createEndpoint(api, who, { url: receivers[i]!.url, events: ['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED'] });
        receivers[i]!.secret.value = endpoint.secret;
      }
      const own = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
      const shared = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      await decide(api, second, shared, true);
      await decide(api, owner, shared, true);
      const told = async (i: number, count: number) =>
        (await distinctEvents(receivers[i]!.received, count)).map((delivery) => [typeOf(delivery), text(fromJson(delivery.body).data?.signOff?.id)]);
      // In order per request; the two requests' deliveries may interleave.
      expect((await told(0, 3)).filter(([, id]) => id === shared)).toEqual([
        ['SIGN_OFF_REQUESTED', shared],
        ['SIGN_OFF_DECIDED', shared],
      ]);
      expect((await told(0, 3)).filter(([, id]) => id === own)).toEqual([['SIGN_OFF_REQUESTED', own]]);
      expect(await told(1, 2)).toEqual([
        ['SIGN_OFF_REQUESTED', shared],
        ['SIGN_OFF_DECIDED', shared],
      ]);
      expect(receivers.every((receiver) => receiver.received.every((delivery) => delivery.verified))).toBe(true);
      // Everything written has gone out: the co-owner was told of nothing else.
      await waitFor(async () => {
        const { rows } = await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL AND event <> 'SIGN_OFF_EXPIRING'`);
        return rows[0]!.n === 0;
      });
      expect(await told(1, 2)).toHaveLength(2);
    } finally {
      await Promise.all(receivers.map((receiver) => receiver.close()));
    }
  });

  apiTest('asks the password again for each approval of a HIGH-risk request', async ({ api }) => {
    const owner = await api.owner();
    const second = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    expect(await stored(api, id)).toMatchObject({ approvalsRequired: 2 });
    expect(await decide(api, owner, id, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
    await api.db.pool.query(`UPDATE sessions s SET authenticated_at = now() - interval '11 minutes' FROM owners o WHERE o.id = s.owner_id AND o.email = $1`, [
      second.email,
    ]);
    expect(await decide(api, second, id, true)).toEqual({ __typename: 'ReauthenticationRequired', code: 'REAUTHENTICATION_REQUIRED' });
    expect(await stored(api, id)).toMatchObject({ state: 'partially_approved', approvals: 1 });
    const again = await api.graphql(
      'mutation($input: ReauthenticateInput!) { reauthenticate(input: $input) { __typename } }',
      { input: { password: second.password } },
      { cookie: second.cookie },
    );
    expect(again.data?.reauthenticate?.__typename).toBe('Reauthenticated');
    expect(await decide(api, second, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
    expect((await api.db.prisma.repository.findFirstOrThrow({ where: { id: repo.id } })).deletedAt).not.toBeNull();
  });

  apiTest(
    'decides in a batch as one by one: a first approval, SECOND_APPROVER_REQUIRED for the same owner, a HIGH one left as NotBatchable',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const low = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      const high = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
      const BATCH = `mutation($input: DecideSignOffsInput!) {
      decideSignOffs(input: $input) { __typename ... on SignOffDecided { signOff { state } } ... on DomainError { code } }
    }`;
      const batch = async (who: SignedInOwner, approve: boolean) =>
        (await api.graphql(BATCH, { input: { ids: [low, high], approve } }, { cookie: who.cookie })).data?.decideSignOffs;
      expect(await batch(owner, true)).toEqual([
        { __typename: 'SignOffDecided', signOff: { state: 'PARTIALLY_APPROVED' } },
        { __typename: 'NotBatchable', code: 'NOT_BATCHABLE' },
      ]);
      expect(await batch(owner, true)).toEqual([
        { __typename: 'SecondApproverRequired', code: 'SECOND_APPROVER_REQUIRED' },
        { __typename: 'NotBatchable', code: 'NOT_BATCHABLE' },
      ]);
      expect(await batch(second, true)).toEqual([
        { __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED' } },
        { __typename: 'NotBatchable', code: 'NOT_BATCHABLE' },
      ]);
      expect(await batch(second, false)).toEqual([
        { __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED' },
        { __typename: 'SignOffDecided', signOff: { state: 'DENIED' } },
      ]);
      expect(await minted(api, low)).toBe(1);
    },
  );
});
