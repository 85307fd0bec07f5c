import { describe, expect } from 'vitest';
import { apiTest } from '../../test/fixtures.js';
import { stringContaining } from '../../test/matchers.js';
import { ask, askId, define, EMAIL_SCHEMA } from '../../test/operations-kit.js';
import { branchingChain } from '../../test/schema-kit.js';
import { int, list, text } from '../../test/testkit.js';

describe('defining operations', () => {
  apiTest('versions a name: identical content returns the latest, other content is the next version; versions never change', async ({ api }) => {
    const owner = await api.owner();
    expect(await define(api, owner, { op: 'email.send' })).toMatchObject({
      created: true,
      webhookSecret: null,
      operation: { op: 'email.send', version: 1, runner: 'AGENT', risk: 'MEDIUM', retired: false },
    });
    expect(await define(api, owner, { op: 'email.send' })).toMatchObject({ created: false, operation: { version: 1 } });
    expect(await define(api, owner, { op: 'email.send', risk: 'HIGH' })).toMatchObject({ created: true, operation: { version: 2, risk: 'HIGH' } });
    const v1 = await api.graphql(
      '{ operation(op: "email.send", version: 1) { version risk } latest: operation(op: "email.send") { version } }',
      {},
      { cookie: owner.cookie },
    );
    expect(v1.data).toEqual({ operation: { version: 1, risk: 'MEDIUM' }, latest: { version: 2 } });
    await expect(api.db.pool.query(`UPDATE operations SET summary = 'changed'`)).rejects.toThrow(/immutable/);
    await expect(api.db.pool.query(`DELETE FROM operations`)).rejects.toThrow(/immutable/);
  });

  apiTest('numbers racing definitions one after another: identical ones make one version, different ones one each', async ({ api }) => {
    const owner = await api.owner();
    const same = await Promise.all(Array.from({ length: 12 }, () => define(api, owner, { op: 'deploy.run' })));
    expect(same.filter((result) => result.created === (true as unknown))).toHaveLength(1);
    expect(new Set(same.map((result) => int(result.operation?.version)))).toEqual(new Set([1]));
    const different = await Promise.all(Array.from({ length: 12 }, (_, n) => define(api, owner, { op: 'deploy.run', summary: `Deploy ${n}` })));
    expect(different.map((result) => int(result.operation?.version)).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 2));
  });

  apiTest.for([
    ['is not an operation name', { op: 'Email.Send' }],
    ['reserved', { op: 'repository.wipe' }],
    ['reserved', { op: 'authority.take' }],
    ['reserved', { op: 'operation.x' }],
    ['1 to 100 characters', { op: 'x'.repeat(101) }],
    ['object', { op: 'email.send', inputSchema: { type: 'array' } }],
    ['does not compile', { op: 'email.send', inputSchema: { type: 'object', properties: { a: { type: 'strang' } } } }],
    ['pattern', { op: 'email.send', inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(a)\\1' } } } }],
    ['KiB', { op: 'email.send', inputSchema: { type: 'object', description: 'x'.repeat(33 * 1024) } }],
    // The 1.5 KB schema that froze and killed an instance when asked: nested anyOf through $ref, 2 ** 24 ways down.
    ['multiply to more than 1,000', { op: 'email.send', inputSchema: branchingChain(24, 2) }],
    ['no $ref cycle', { op: 'email.send', inputSchema: { type: 'object', properties: { a: { $ref: '#' } } } }],
    [
      'nests deeper than 32',
      { op: 'email.send', inputSchema: { type: 'object', properties: { a: JSON.parse(`${'{"items":'.repeat(31)}{}${'}'.repeat(31)}`) as unknown } } },
    ],
    ['format "url"', { op: 'email.send', inputSchema: { type: 'object', properties: { u: { type: 'string', format: 'url' } } } }],
    ['webhookUrl', { op: 'email.send', runner: 'WEBHOOK' }],
    ['credentials', { op: 'email.send', runner: 'WEBHOOK', webhookUrl: 'https://user:pw@hooks.example.com/x' }],
    ['Only a WEBHOOK', { op: 'email.send', runner: 'AGENT', webhookUrl: 'https://hooks.example.com/x' }],
    ['built-in', { op: 'email.send', runner: 'SERVER' }],
    ['secretFields', { op: 'email.send', secretFields: ['token'] }],
  ] as [string, Record<string, unknown>][])('refuses a definition as BAD_INPUT naming "%s", and stores nothing', async ([problem, input], { api }) => {
    const owner = await api.owner();
    const refused = await define(api, owner, input);
    expect(refused).toMatchObject({ status: 400, errors: [{ extensions: { code: 'BAD_INPUT' }, message: stringContaining(problem) }] });
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM operations')).rows[0]).toEqual({ n: 0 });
  });

  apiTest("rotates only a webhook operation's secret: an AGENT operation has none to rotate", async ({ api }) => {
    const owner = await api.owner();
    await define(api, owner, { op: 'email.send' });
    const rotated = await api.graphql(
      'mutation { rotateWebhookSecret(op: "email.send") { __typename ... on DomainError { code } } }',
      {},
      { cookie: owner.cookie },
    );
    expect(rotated.data?.rotateWebhookSecret).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    const heads = await api.db.pool.query('SELECT webhook_secret, rotated_at FROM operation_heads');
    expect(heads.rows).toEqual([{ webhook_secret: null, rotated_at: null }]);
  });

  apiTest('is for owners only', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const response = await api.graphql(
      'mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename } }',
      { input: { op: 'email.send', summary: 's', risk: 'LOW', runner: 'AGENT', inputSchema: EMAIL_SCHEMA } },
      { key: agent.key },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('asking for a defined operation', () => {
  apiTest('validates the input against the pinned schema: a refusal names the pointer and the rule, and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const tooMuch = await ask(api, agent.key, 'email.send', { to: 'bob@example.com', subject: 'hi', amount: 100001 });
    expect(tooMuch.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: stringContaining('/amount: must be <= 100000') });
    const missing = await ask(api, agent.key, 'email.send', { subject: 'hi' });
    expect(missing.errors?.[0]?.message).toContain('/to');
    const extra = await ask(api, agent.key, 'email.send', { to: 'bob@example.com', subject: 'hi', cc: 'x' });
    expect(extra.errors?.[0]?.message).toContain('/cc');
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM sign_offs')).rows[0]).toEqual({ n: 0 });

    const asked = await ask(api, agent.key, 'email.send', { subject: 'hi', to: 'bob@example.com' });
    expect(asked.data?.requestSignOff).toMatchObject({
      existing: false,
      signOff: { state: 'PENDING', op: 'email.send', opVersion: 1, risk: 'MEDIUM', irreversible: false, description: 'Send an email' },
    });
    expect(text(asked.data?.requestSignOff?.signOff?.inputCanonical)).toBe('{"subject":"hi","to":"bob@example.com"}');
  });

  apiTest('pins the version asked under: a later version does not change an open request', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const { id } = await askId(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'v1' });
    await define(api, owner, { op: 'email.send', risk: 'HIGH', summary: 'Send an email (v2)' });
    const read = await api.graphql('query($id: ID!) { signOff(id: $id) { opVersion risk operation { version summary } } }', { id }, { cookie: owner.cookie });
    expect(read.data?.signOff).toEqual({ opVersion: 1, risk: 'MEDIUM', operation: { version: 1, summary: 'Send an email' } });
    const next = await ask(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'v2' });
    expect(next.data?.requestSignOff?.signOff).toMatchObject({ opVersion: 2, risk: 'HIGH' });
  });

  apiTest('refuses a retired operation with OPERATION_RETIRED; an open request still decides', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const { id } = await askId(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'before' });
    const retired = await api.graphql(
      'mutation { retireOperation(op: "email.send") { __typename ... on OperationRetirement { operation { retired } } } }',
      {},
      {
        cookie: owner.cookie,
      },
    );
    expect(retired.data?.retireOperation).toEqual({ __typename: 'OperationRetirement', operation: { retired: true } });
    const refused = await ask(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'after' });
    expect(refused.data?.requestSignOff).toMatchObject({ __typename: 'OperationRetired', code: 'OPERATION_RETIRED' });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'AWAITING_REDEEM' } });
    const catalogue = await api.graphql('{ operations { op } all: operations(includeRetired: true) { op retired } }', {}, { key: agent.key });
    expect(list(catalogue.data?.operations).map((o) => text(o.op))).not.toContain('email.send');
    expect(list(catalogue.data?.all).map((o) => text(o.op))).toContain('email.send');
  });

  apiTest("refuses an unknown operation and another tenant's operation alike", async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner();
    const agent = await api.agent(owner);
    await define(api, stranger, { op: 'email.send' });
    for (const op of ['email.send', 'nothing.here']) {
      const refused = await ask(api, agent.key, op, {});
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: stringContaining(`Unknown operation "${op}"`) });
    }
  });

  apiTest('lists built-ins and live defined operations to agents, with open counts and without webhook addresses', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    await define(api, owner, { op: 'invoice.pay', runner: 'WEBHOOK', webhookUrl: 'http://127.0.0.1:9/hook', risk: 'HIGH' });
    await askId(api, agent.key, 'email.send', { to: 'a@example.com', subject: 'x' });
    const query = '{ operations { op version runner openCount webhookUrl } }';
    const seen = await api.graphql(query, {}, { key: agent.key });
    const byOp = new Map(list(seen.data?.operations).map((o) => [text(o.op), o]));
    expect(byOp.get('repository.delete')).toMatchObject({ runner: 'SERVER', version: 1 });
    expect(byOp.get('email.send')).toMatchObject({ runner: 'AGENT', openCount: 1, webhookUrl: null });
    expect(byOp.get('invoice.pay')).toMatchObject({ runner: 'WEBHOOK', openCount: 0, webhookUrl: null });
    const owners = await api.graphql(query, {}, { cookie: owner.cookie });
    expect(list(owners.data?.operations).find((o) => text(o.op) === 'invoice.pay')).toMatchObject({ webhookUrl: 'http://127.0.0.1:9/hook' });
  });
});
