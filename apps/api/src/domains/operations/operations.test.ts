import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { stringContaining } from '../../../test/matchers.js';
import { ask, askId, define, EMAIL_SCHEMA } from '../../../test/operations-kit.js';
import { branchingChain } from '../../../test/schema-kit.js';
import { int, list, text } from '../../../test/testkit.js';

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
    ['The effectTemplate names "cc", which is not a top-level property', { op: 'email.send', effectTemplate: 'Email {to} a copy to {cc}' }],
    ['names "to.name", which is not a top-level property', { op: 'email.send', effectTemplate: 'Email {to.name}' }],
    ['The fieldOrder names "cc", which is not a top-level property', { op: 'email.send', fieldOrder: ['subject', 'cc'] }],
    ['lists "to" twice', { op: 'email.send', fieldOrder: ['to', 'subject', 'to'] }],
    ['braces only around a field name', { op: 'email.send', effectTemplate: 'Email {to} {subject' }],
    ['as in "Pay {vendor} {amount}"', { op: 'email.send', effectTemplate: 'Email }to{' }],
    ['empty "{}"', { op: 'email.send', effectTemplate: 'Email {} {to}' }],
    ['at most 200 characters', { op: 'email.send', effectTemplate: `Email {to} ${'x'.repeat(200)}` }],
    ['at most 10 {field} places', { op: 'email.send', effectTemplate: Array.from({ length: 11 }, () => '{to}').join(' ') }],
    ['invisible characters', { op: 'email.send', effectTemplate: 'Email {to} \u202Eyap' }],
    ['at most 100 fields', { op: 'email.send', fieldOrder: Array.from({ length: 101 }, (_, n) => `f${n}`) }],
  ] as [string, Record<string, unknown>][])('refuses a definition as BAD_INPUT naming "%s", and stores nothing', async ([problem, input], { api }) => {
    const owner = await api.owner();
    const refused = await define(api, owner, input);
    expect(refused).toMatchObject({ status: 400, errors: [{ extensions: { code: 'BAD_INPUT' }, message: stringContaining(problem) }] });
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM operations')).rows[0]).toEqual({ n: 0 });
  });

  apiTest('stores an effect template and a field order as part of the version: changing either is the next version, the same returns it', async ({ api }) => {
    const owner = await api.owner();
    const presentation = { effectTemplate: '  Email {to} about {subject}  ', fieldOrder: ['subject', 'to'] };
    expect(await define(api, owner, { op: 'email.send', ...presentation })).toMatchObject({ created: true, operation: { version: 1 } });
    expect(await define(api, owner, { op: 'email.send', ...presentation, effectTemplate: 'Email {to} about {subject}' })).toMatchObject({
      created: false,
      operation: { version: 1 },
    });
    expect(await define(api, owner, { op: 'email.send', ...presentation, fieldOrder: ['to'] })).toMatchObject({ created: true, operation: { version: 2 } });
    expect(await define(api, owner, { op: 'email.send', ...presentation, effectTemplate: 'Send {subject} to {to}' })).toMatchObject({
      created: true,
      operation: { version: 3 },
    });
    expect(await define(api, owner, { op: 'email.send' })).toMatchObject({ created: true, operation: { version: 4 } });
    const read = await api.graphql(
      `{ v1: operation(op: "email.send", version: 1) { effectTemplate fieldOrder }
         v2: operation(op: "email.send", version: 2) { effectTemplate fieldOrder }
         v4: operation(op: "email.send", version: 4) { effectTemplate fieldOrder }
         builtIn: operation(op: "repository.delete") { effectTemplate fieldOrder } }`,
      {},
      { cookie: owner.cookie },
    );
    expect(read.data).toEqual({
      v1: { effectTemplate: 'Email {to} about {subject}', fieldOrder: ['subject', 'to'] },
      v2: { effectTemplate: 'Email {to} about {subject}', fieldOrder: ['to'] },
      v4: { effectTemplate: null, fieldOrder: null },
      builtIn: { effectTemplate: null, fieldOrder: null },
    });
  });

  apiTest(
    'hashes a definition without a template or a field order as it did before they existed, so defining it again returns that version',
    async ({ api }) => {
      const owner = await api.owner();
      await define(api, owner, { op: 'email.send', effectTemplate: '', fieldOrder: [] });
      const { rows } = await api.db.pool.query<{ content_hash: string; input_schema: string }>('SELECT content_hash, input_schema FROM operations');
      // The content exactly as it was hashed before issue 26 added the two fields.
      const before = {
        summary: 'Send an email',
        description: null,
        inputSchema: canonicalJson(EMAIL_SCHEMA),
        irreversible: false,
        risk: 'medium',
        runner: 'agent',
        webhookUrl: null,
        secretFields: [],
        needsRepository: false,
      };
      expect(rows).toEqual([{ content_hash: hashCanonical(canonicalJson(before)), input_schema: canonicalJson(EMAIL_SCHEMA) }]);
      // Stored canonical: the schema's properties by name, the order the fields are shown in when no fieldOrder says otherwise.
      expect(Object.keys((JSON.parse(rows[0]!.input_schema) as { properties: object }).properties)).toEqual(['amount', 'subject', 'to']);
    },
  );

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
