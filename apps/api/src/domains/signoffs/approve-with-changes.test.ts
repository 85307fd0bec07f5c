import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { objectContaining, ofType, stringMatching } from '../../../test/matchers.js';
import { approveWith, auditOf, hashOf, storedEdit } from '../../../test/edit-kit.js';
import { ask, askId, define, EMAIL_SCHEMA, redeem } from '../../../test/operations-kit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { fromJson, text, waitFor, type TestApi } from '../../../test/testkit.js';
import { decide, minted, MINT, setApprovals, threeOwners } from '../../../test/two-person-kit.js';

const ASKED = { to: 'bob@example.com', subject: 'Quarterly report' };
const EDITED = { to: 'bob@example.com', subject: 'Quarterly report (draft)' };

/** How long the token a request minted lives, in hours. */
async function mintedHours(api: TestApi, id: string): Promise<number> {
  const { rows } = await api.db.pool.query<{ hours: number }>(
    `SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM repository_tokens WHERE sign_off_id = $1`,
    [id],
  );
  return rows[0]!.hours;
}

/** An owner token of this scope, made in the owner's fresh session. */
async function ownerToken(api: TestApi, cookie: string, scope: 'DECIDE' | 'ADMIN'): Promise<string> {
  const response = await api.graphql(
    'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
    { input: { name: `script-${scope}`, scope } },
    { cookie },
  );
  return text(response.data?.createOwnerToken?.token);
}

describe('approving with changes', () => {
  apiTest(
    'runs the edited input: the redeem guard and the approval token’s inputHash are the edit’s, the agent’s own stays as requestedInput, and the audit entry names both',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      await define(api, owner, { op: 'email.send' });
      const { id, inputHash } = await askId(api, agent.key, 'email.send', ASKED);

      const approved = await approveWith(api, { cookie: owner.cookie }, { id, input: EDITED, expectedInputHash: inputHash, note: 'a draft first' });
      expect(approved).toMatchObject({
        __typename: 'SignOffDecided',
        signOff: {
          state: 'AWAITING_REDEEM',
          input: EDITED,
          inputHash: hashOf(EDITED),
          requestedInput: ASKED,
          requestedInputHash: inputHash,
          changedByOwner: true,
        },
      });
      // The agent's hash no longer redeems: only the approved input's does, and the token carries it.
      expect(await redeem(api, agent.key, id, inputHash)).toMatchObject({ __typename: 'InputMismatch', code: 'INPUT_MISMATCH' });
      const redeemed = await redeem(api, agent.key, id, hashOf(EDITED));
      expect(redeemed).toMatchObject({ __typename: 'SignOffRedeemed', signOff: { state: 'REDEEMED' } });
      const { payload } = await jwtVerify(text(redeemed.approval), createRemoteJWKSet(new URL(`${api.url}/.well-known/jwks.json`)), {
        issuer: 'http://127.0.0.1',
      });
      expect(payload.inputHash).toBe(hashOf(EDITED));

      const seenByAgent = await api.graphql('query($id: ID!) { signOff(id: $id) { input requestedInput changedByOwner } }', { id }, { key: agent.key });
      expect(seenByAgent.data?.signOff).toEqual({ input: EDITED, requestedInput: ASKED, changedByOwner: true });
      expect(await auditOf(api, id)).toEqual([
        { kind: 'signoff.approved', detail: objectContaining({ inputHash: hashOf(EDITED), requestedInputHash: inputHash, note: 'a draft first' }) },
      ]);
    },
  );

  apiTest('runs a built-in with the edited input: a token minted for the hours the owner approved', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    const edited = { scopes: ['read'], ttlHours: 2 };
    expect(await approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: hashOf(MINT.input) })).toMatchObject({
      signOff: { state: 'SUCCEEDED', input: edited, requestedInput: MINT.input, changedByOwner: true },
    });
    expect(await mintedHours(api, id)).toBe(2);
  });

  apiTest('answers the agent asking again with its own input with the same request, so the owner is never asked twice', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const { id, inputHash } = await askId(api, agent.key, 'email.send', ASKED);
    await approveWith(api, { cookie: owner.cookie }, { id, input: EDITED, expectedInputHash: inputHash });

    const again = await ask(api, agent.key, 'email.send', ASKED);
    expect(again.data?.requestSignOff).toMatchObject({ __typename: 'SignOffRequested', existing: true, signOff: { id, state: 'AWAITING_REDEEM' } });
    const { rows } = await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_offs WHERE agent_id = $1', [agent.id]);
    expect(rows[0]!.n).toBe(1);
    // The edit's own input is a new request: the agent never asked it.
    const edited = await ask(api, agent.key, 'email.send', EDITED);
    expect(edited.data?.requestSignOff).toMatchObject({ __typename: 'SignOffRequested', existing: false, signOff: { state: 'PENDING' } });
  });

  apiTest('holds off the agent’s own input after another owner denies a request the first edited (RECENTLY_DENIED)', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await approveWith(api, { cookie: owner.cookie }, { id, input: { scopes: ['read'], ttlHours: 2 }, expectedInputHash: hashOf(MINT.input) });
    expect(await decide(api, second, id, false, 'not now')).toMatchObject({ signOff: { state: 'DENIED' } });
    const again = await api.request(agent.key, { ...MINT, repository: repo.name });
    expect(again.data?.requestSignOff).toMatchObject({ __typename: 'RecentlyDenied', code: 'RECENTLY_DENIED' });
  });

  apiTest(
    'refuses with BAD_INPUT, changing nothing: a denial, no expectedInputHash, remember, an owner token, a batch, a tenant.* request, an input that does not fit, and a changed repository',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const repoSchema = { ...EMAIL_SCHEMA, properties: { ...EMAIL_SCHEMA.properties, repository: { type: 'string' } } };
      await define(api, owner, { op: 'email.send', inputSchema: repoSchema, risk: 'LOW' });
      const asked = { ...ASKED, repository: 'payments-api' };
      const { id, inputHash } = await askId(api, agent.key, 'email.send', asked);
      const before = await storedEdit(api, id);
      const token = await ownerToken(api, owner.cookie, 'DECIDE');
      const edit = { id, input: { ...asked, subject: 'edited' }, expectedInputHash: inputHash };

      const refusals: [string, Promise<unknown>, RegExp][] = [
        ['a denial', approveWith(api, { cookie: owner.cookie }, { ...edit, approve: false }), /approve: true only/],
        ['no hash', approveWith(api, { cookie: owner.cookie }, { id, input: edit.input }), /needs "expectedInputHash"/],
        [
          'remember',
          approveWith(api, { cookie: owner.cookie }, { ...edit, remember: { maxApprovals: 2, endsAt: new Date(Date.now() + 86_400_000).toISOString() } }),
          /"remember"/,
        ],
        ['an owner token', approveWith(api, { key: token }, edit), /console session/],
        ['a schema misfit', approveWith(api, { cookie: owner.cookie }, { ...edit, input: { ...asked, subject: 7 } }), /does not match its schema/],
        ['a changed repository', approveWith(api, { cookie: owner.cookie }, { ...edit, input: { ...asked, repository: 'web-frontend' } }), /repository/],
        ['a dropped repository', approveWith(api, { cookie: owner.cookie }, { ...edit, input: ASKED }), /repository/],
        [
          'a batch',
          api
            .graphql(
              'mutation($input: DecideSignOffsInput!) { decideSignOffs(input: $input) { __typename } }',
              {
                input: { ids: [id], approve: true, input: edit.input, expectedInputHash: inputHash },
              },
              { cookie: owner.cookie },
            )
            .then((response) => ({ errors: response.errors })),
          /input/,
        ],
      ];
      for (const [what, refused, message] of refusals) {
        const answer = (await refused) as { errors?: { message: string; extensions?: { code?: string } }[] };
        // One error, or (the batch, whose input has neither field) one per field the schema does not know.
        expect(answer.errors?.length, what).toBe(what === 'a batch' ? 2 : 1);
        expect(
          answer.errors!.map((error) => error.extensions?.code),
          what,
        ).toEqual(answer.errors!.map(() => 'BAD_INPUT'));
        expect(answer.errors![0]!.message, what).toMatch(message);
        expect(await storedEdit(api, id), what).toEqual(before);
      }
      expect(before).toMatchObject({ state: 'pending', inputHash, requestedInputHash: inputHash });
      expect(await auditOf(api, id)).toEqual([]);

      // An owner-to-owner request is approved as its proposer filed it.
      const colleague = await api.owner(owner.tenantName);
      await setApprovals(api, owner, MINT.op, 2);
      const proposed = await api.graphql(
        'mutation($input: SetApprovalsRequiredInput!) { setApprovalsRequired(input: $input) { ... on ApprovalPolicyChangeProposed { signOff { id op } } } }',
        { input: { op: MINT.op, approvalsRequired: 1 } },
        { cookie: colleague.cookie },
      );
      expect(proposed.data?.setApprovalsRequired).toMatchObject({ signOff: { op: 'tenant.changePolicy' } });
      const proposal = text(proposed.data?.setApprovalsRequired?.signOff?.id);
      const proposalBefore = await storedEdit(api, proposal);
      const tenantEdit = await approveWith(
        api,
        { cookie: owner.cookie },
        {
          id: proposal,
          input: { op: MINT.op, approvalsRequired: 2 },
          expectedInputHash: proposalBefore.inputHash,
        },
      );
      expect(tenantEdit).toMatchObject({ errors: [{ extensions: { code: 'BAD_INPUT' }, message: stringMatching(/tenant\.changePolicy/) }] });
      expect(await storedEdit(api, proposal)).toEqual(proposalBefore);
    },
  );

  apiTest('refuses a stale expectedInputHash with INPUT_MISMATCH, deciding nothing, and approves exactly what was seen', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const { id, inputHash } = await askId(api, agent.key, 'email.send', ASKED);
    const before = await storedEdit(api, id);
    for (const input of [{ input: EDITED }, {}]) {
      expect(await approveWith(api, { cookie: owner.cookie }, { id, ...input, expectedInputHash: 'f'.repeat(64) })).toMatchObject({
        __typename: 'InputMismatch',
        code: 'INPUT_MISMATCH',
        message: stringMatching(/no longer the one you saw/),
      });
      expect(await storedEdit(api, id)).toEqual(before);
    }
    expect(await approveWith(api, { cookie: owner.cookie }, { id, expectedInputHash: inputHash })).toMatchObject({
      signOff: { state: 'AWAITING_REDEEM', input: ASKED, changedByOwner: false },
    });
    expect(await auditOf(api, id)).toEqual([{ kind: 'signoff.approved', detail: objectContaining({ inputHash, requestedInputHash: inputHash }) }]);
  });

  apiTest('stores a higher edited risk, keeps a lower one’s, and asks the gesture of the higher: a fresh password when the edit is HIGH', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const low = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    const writing = { scopes: ['read', 'write'], ttlHours: 1 };
    expect(await approveWith(api, { cookie: owner.cookie }, { id: low, input: writing, expectedInputHash: hashOf(MINT.input) })).toMatchObject({
      signOff: { state: 'SUCCEEDED', risk: 'MEDIUM', riskReasons: ['The token can write to the repository.'] },
    });

    const medium = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: writing });
    expect(await approveWith(api, { cookie: owner.cookie }, { id: medium, input: MINT.input, expectedInputHash: hashOf(writing) })).toMatchObject({
      signOff: { state: 'SUCCEEDED', risk: 'MEDIUM', input: MINT.input },
    });

    // Money above the owner's threshold makes the edit HIGH: a stale session may not approve it, and nothing changes.
    const moneySchema = {
      type: 'object',
      additionalProperties: false,
      required: ['order', 'amount'],
      properties: {
        order: { type: 'string' },
        amount: {
          type: 'object',
          additionalProperties: false,
          required: ['minorUnits', 'currency'],
          properties: { minorUnits: { type: 'integer' }, currency: { type: 'string' } },
        },
      },
    };
    await define(api, owner, { op: 'refund.issue', inputSchema: moneySchema, risk: 'LOW' });
    const set = await api.graphql(
      'mutation($input: SetMoneyRiskThresholdInput!) { setMoneyRiskThreshold(input: $input) { __typename } }',
      { input: { currency: 'EUR', minorUnits: 100_000 } },
      { cookie: owner.cookie },
    );
    expect(set.data?.setMoneyRiskThreshold).toEqual({ __typename: 'MoneyRiskThresholdSet' });
    const refund = { order: 'A-1', amount: { minorUnits: 5_000, currency: 'EUR' } };
    const { id, inputHash } = await askId(api, agent.key, 'refund.issue', refund);
    const larger = { order: 'A-1', amount: { minorUnits: 500_000, currency: 'EUR' } };
    await api.db.pool.query(`UPDATE sessions s SET authenticated_at = now() - interval '11 minutes' FROM owners o WHERE o.id = s.owner_id AND o.email = $1`, [
      owner.email,
    ]);
    const before = await storedEdit(api, id);
    expect(before).toMatchObject({ risk: 'low' });
    expect(await approveWith(api, { cookie: owner.cookie }, { id, input: larger, expectedInputHash: inputHash })).toMatchObject({
      __typename: 'ReauthenticationRequired',
      code: 'REAUTHENTICATION_REQUIRED',
    });
    expect(await storedEdit(api, id)).toEqual(before);
    // With the password again, the edit is approved, and its risk is stored.
    const reauthenticated = await api.graphql(
      'mutation($input: ReauthenticateInput!) { reauthenticate(input: $input) { __typename } }',
      { input: { password: owner.password } },
      { cookie: owner.cookie },
    );
    expect(reauthenticated.data?.reauthenticate).toEqual({ __typename: 'Reauthenticated' });
    expect(await approveWith(api, { cookie: owner.cookie }, { id, input: larger, expectedInputHash: inputHash })).toMatchObject({
      signOff: { state: 'AWAITING_REDEEM', risk: 'HIGH', riskReasons: ['It moves EUR 5,000.00, above your EUR 1,000.00 threshold.'], input: larger },
    });
    expect(await storedEdit(api, id)).toMatchObject({ risk: 'high', requestedInputHash: inputHash, inputHash: hashOf(larger) });
  });

  apiTest('delivers a WEBHOOK request with the approved input, the agent’s own as requestedInput, and changedByOwner', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, { paymentId: 'p-1' }));
    try {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const invoice = {
        type: 'object',
        additionalProperties: false,
        required: ['invoice', 'amount'],
        properties: { invoice: { type: 'string' }, amount: { type: 'integer', minimum: 1, maximum: 100000 } },
      };
      const defined = await define(api, owner, { op: 'invoice.pay', runner: 'WEBHOOK', webhookUrl: receiver.url, inputSchema: invoice, risk: 'LOW' });
      receiver.secret.value = text(defined.webhookSecret);
      const asked = { invoice: 'INV-7', amount: 1200 };
      const edited = { invoice: 'INV-7', amount: 1100 };
      const { id, inputHash } = await askId(api, agent.key, 'invoice.pay', asked);
      const plain = (await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-8', amount: 10 })).id;
      expect(await approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: inputHash })).toMatchObject({
        signOff: { state: 'DELIVERING' },
      });
      expect(await api.decide(owner.cookie, plain, true)).toMatchObject({ signOff: { state: 'DELIVERING' } });
      await waitFor(() => receiver.received.length === 2, 20_000);
      const bodies = new Map(receiver.received.map((delivery) => [delivery.id, fromJson(delivery.body)]));
      expect(bodies.get(id)).toMatchObject({ id, input: edited, requestedInput: asked, changedByOwner: true, approvedBy: ofType(String) });
      expect(bodies.get(plain)).toMatchObject({
        input: { invoice: 'INV-8', amount: 10 },
        requestedInput: { invoice: 'INV-8', amount: 10 },
        changedByOwner: false,
      });
      expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  apiTest('keeps what the agent asked: the database refuses any change to requested_input', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const { id } = await askId(api, agent.key, 'email.send', ASKED);
    await expect(api.db.pool.query(`UPDATE sign_offs SET requested_input = '{}' WHERE id = $1`, [id])).rejects.toThrow(/never changes/);
    expect(await storedEdit(api, id)).toMatchObject({ requestedInputHash: hashOf(ASKED), inputHash: hashOf(ASKED) });
  });
});

describe('approving with changes a request needing two approvals', () => {
  apiTest(
    'the first owner’s edit leaves it PARTIALLY_APPROVED with the edited input, which the second approves as edited; the first cannot edit again',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      const edited = { scopes: ['read'], ttlHours: 3 };
      expect(await approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: hashOf(MINT.input), note: 'three hours' })).toMatchObject(
        {
          signOff: { state: 'PARTIALLY_APPROVED', input: edited, changedByOwner: true, approvals: [{ owner: { email: owner.email }, note: 'three hours' }] },
        },
      );
      const half = await storedEdit(api, id);
      // The first approver approving again, edited or not, is refused as ever: it changes nothing.
      for (const again of [{ input: { scopes: ['read'], ttlHours: 4 } }, {}]) {
        expect(await approveWith(api, { cookie: owner.cookie }, { id, ...again, expectedInputHash: hashOf(edited) })).toMatchObject({
          __typename: 'SecondApproverRequired',
          code: 'SECOND_APPROVER_REQUIRED',
        });
        expect(await storedEdit(api, id)).toEqual(half);
      }
      expect(await approveWith(api, { cookie: second.cookie }, { id, expectedInputHash: hashOf(edited) })).toMatchObject({
        signOff: {
          state: 'SUCCEEDED',
          input: edited,
          requestedInput: MINT.input,
          approvals: [{ owner: { email: owner.email } }, { owner: { email: second.email } }],
        },
      });
      expect(await mintedHours(api, id)).toBe(3);
      expect((await auditOf(api, id)).map((entry) => [entry.kind, entry.detail.inputHash, entry.detail.requestedInputHash])).toEqual([
        ['signoff.partially_approved', hashOf(edited), hashOf(MINT.input)],
        ['signoff.approved', hashOf(edited), hashOf(MINT.input)],
      ]);
    },
  );

  apiTest(
    'an approval naming no input seen never approves another owner’s edit: INPUT_MISMATCH on its own, NOT_BATCHABLE in a batch, nothing changed',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      const edited = { scopes: ['read'], ttlHours: 3 };
      expect(await approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: hashOf(MINT.input) })).toMatchObject({
        signOff: { state: 'PARTIALLY_APPROVED', changedByOwner: true },
      });
      const half = await storedEdit(api, id);
      // The second owner's stale page (or a script) approves without a hash: the edit was never shown to them.
      expect(await decide(api, second, id, true)).toMatchObject({ __typename: 'InputMismatch', code: 'INPUT_MISMATCH' });
      const batch = await api.graphql(
        'mutation($input: DecideSignOffsInput!) { decideSignOffs(input: $input) { __typename ... on NotBatchable { code message } } }',
        { input: { ids: [id], approve: true } },
        { cookie: second.cookie },
      );
      expect(batch.data?.decideSignOffs).toEqual([
        { __typename: 'NotBatchable', code: 'NOT_BATCHABLE', message: stringMatching(/Another owner approved this request with changes/) },
      ]);
      expect(await storedEdit(api, id)).toEqual(half);
      expect(await minted(api, id)).toBe(0);
      // A denial needs no view of the input: the first approver's or the second's denial denies (S20).
      // Naming the edit's hash, the second owner approves what they were shown, and it runs.
      expect(await approveWith(api, { cookie: second.cookie }, { id, expectedInputHash: hashOf(edited) })).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
      expect(await mintedHours(api, id)).toBe(3);
    },
  );

  apiTest(
    'the second owner’s edit voids the first approval: it stays PARTIALLY_APPROVED with the second’s approval alone, until the first approves the edit',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      expect(await decide(api, owner, id, true, 'as asked')).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
      const edited = { scopes: ['read'], ttlHours: 2 };
      expect(await approveWith(api, { cookie: second.cookie }, { id, input: edited, expectedInputHash: hashOf(MINT.input) })).toMatchObject({
        signOff: { state: 'PARTIALLY_APPROVED', input: edited, changedByOwner: true, approvals: [{ owner: { email: second.email } }] },
      });
      expect(await storedEdit(api, id)).toMatchObject({ state: 'partially_approved', approvers: [second.email], inputHash: hashOf(edited) });
      expect(await minted(api, id)).toBe(0);
      // The first owner's view is stale now; looking again, they approve the edit, and it runs.
      expect(await approveWith(api, { cookie: owner.cookie }, { id, expectedInputHash: hashOf(MINT.input) })).toMatchObject({ code: 'INPUT_MISMATCH' });
      expect(await approveWith(api, { cookie: owner.cookie }, { id, expectedInputHash: hashOf(edited) })).toMatchObject({
        signOff: { state: 'SUCCEEDED', approvals: [{ owner: { email: second.email } }, { owner: { email: owner.email } }] },
      });
      expect(await mintedHours(api, id)).toBe(2);
      // The log says whose approval the edit voided, in the edit's own transaction, before the edit's approval.
      const { rows } = await api.db.pool.query<{ id: string }>('SELECT id FROM owners WHERE email = $1', [owner.email]);
      expect((await auditOf(api, id)).map((entry) => [entry.kind, entry.detail.voidedOwnerId ?? null])).toEqual([
        ['signoff.partially_approved', null],
        ['signoff.approval_voided', rows[0]!.id],
        ['signoff.partially_approved', null],
        ['signoff.approved', null],
      ]);
    },
  );
});
