import { ApolloServer } from '@apollo/server';
import fc from 'fast-check';
import { request } from 'node:http';
import { describe, expect, vi } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { TestApi, unique } from '../../../test/testkit.js';
import { spawnApi } from '../../../test/spawn-api.js';
import { EventBus } from '../../platform/events/bus.js';
import { LIMITS } from '../graphql/limits.js';

/*
 * The draw's fast path (draw-fast-path.ts, on node:http: graphql-post.ts)
 * and the ordinary path (Express, then Apollo's pipeline) must answer a
 * request alike, byte for byte. The same request goes both ways: sent with
 * a Content-Length it is one the fast path takes; sent chunked, the same
 * body goes through Express and Apollo. A spy on Apollo's entry says which
 * path answered, so a comparison cannot pass by both going the same way.
 */

type Framing = 'fast' | 'ordinary';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Headers that differ between any two answers: the date and the request's own id. */
const PER_ANSWER = new Set(['date', 'x-request-id']);

function post(url: string, body: string, framing: Framing, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const framingHeaders: Record<string, string | number> =
      framing === 'fast' ? { 'content-length': Buffer.byteLength(body) } : { 'transfer-encoding': 'chunked' };
    const req = request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...framingHeaders, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: withoutPerAnswer(res.headers), body: text }));
    });
    req.on('error', reject);
    if (framing === 'ordinary') {
      // Two chunks: nothing about the body tells the server its length up front.
      const middle = Math.floor(body.length / 2);
      req.write(body.slice(0, middle));
      req.end(body.slice(middle));
    } else req.end(body);
  });
}

function withoutPerAnswer(headers: Record<string, string | string[] | undefined>): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
}

/** Sends `body` one way and reports whether Apollo's pipeline answered it. */
async function sent(url: string, body: string, framing: Framing, headers?: Record<string, string>): Promise<Answer & { throughApollo: boolean }> {
  const spy = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
  try {
    const answer = await post(url, body, framing, headers);
    return { ...answer, throughApollo: spy.mock.calls.length > 0 };
  } finally {
    spy.mockRestore();
  }
}

const DRAW =
  'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename ... on Drawn { replayed receipt { ordinal tokens } } ... on DomainError { code message } } }';

/** The first error's code in an answer's body. */
function codeOf(body: string): unknown {
  return (JSON.parse(body) as { errors?: { extensions?: { code?: unknown } }[] }).errors?.[0]?.extensions?.code;
}

function drawBody(input: Record<string, unknown>, query = DRAW): string {
  return JSON.stringify({ query, variables: { input } });
}

async function seed(api: TestApi, terms: Record<string, unknown> = { tokens: 1_000_000 }) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const id = await api.authority(owner, agent.id, terms);
  return { owner, agent, id };
}

/** The answer the fast path gave and the one the ordinary path gave to the same request; each path checked. */
async function bothWays(url: string, body: string | (() => string), headers?: Record<string, string>, expectFast = true) {
  const text = () => (typeof body === 'string' ? body : body());
  const fast = await sent(url, text(), 'fast', headers);
  const ordinary = await sent(url, text(), 'ordinary', headers);
  expect(fast.throughApollo).toBe(!expectFast);
  expect(ordinary.throughApollo).toBe(true);
  const strip = ({ status, headers: h, body: b }: Answer) => ({ status, headers: h, body: b });
  return { fast: strip(fast), ordinary: strip(ordinary) };
}

describe('the draw fast path answers as Apollo would, byte for byte', () => {
  apiTest('for draws over generated inputs: fresh draws, replays, aliases and fragments', async ({ api }) => {
    const { agent, id } = await seed(api);
    const auth = { authorization: `Bearer ${agent.key}` };
    const selections = [
      DRAW,
      'mutation Spend($input: DrawAuthorityInput!) { spent: drawAuthority(input: $input) { __typename } }',
      'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { ...d } } fragment d on Drawn { replayed receipt { tokens minorUnits } authority { id } }',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
        fc.constantFrom(...selections),
        async (tokens, key, query) => {
          // Fresh on each path (its own dispatch key): the fields selected are the same for both whatever the ordinal.
          const fresh = await bothWays(
            api.url,
            () => drawBody({ authority: id, dispatchKey: unique(key.slice(0, 200)), tokens }, query.replace('ordinal ', '')),
            auth,
          );
          expect(fresh.fast).toEqual(fresh.ordinary);
          // A replay of one dispatch key, first the fast way, then the ordinary: the same receipt, the same bytes.
          const dispatchKey = unique(key.slice(0, 200));
          await post(api.url, drawBody({ authority: id, dispatchKey, tokens }, query), 'fast', auth);
          const replay = await bothWays(api.url, drawBody({ authority: id, dispatchKey, tokens }, query), auth);
          expect(replay.fast).toEqual(replay.ordinary);
          expect(replay.fast.status).toBe(200);
        },
      ),
      { numRuns: 12 },
    );
  });

  apiTest('for refusals: UNAUTHENTICATED, BAD_INPUT, a domain refusal, and variables that do not coerce (left to Apollo)', async ({ api }) => {
    const { agent, id } = await seed(api, { tokens: 5 });
    const auth = { authorization: `Bearer ${agent.key}` };

    const deadKey = await bothWays(api.url, drawBody({ authority: id, dispatchKey: 'dead', tokens: 1 }), { authorization: 'Bearer csk_not-a-key-of-anyone' });
    expect(deadKey.fast).toEqual(deadKey.ordinary);
    expect(deadKey.fast.status).toBe(401);
    expect(codeOf(deadKey.fast.body)).toBe('UNAUTHENTICATED');

    const badInput = await bothWays(api.url, drawBody({ authority: id, dispatchKey: 'k'.repeat(256), tokens: 1 }), auth);
    expect(badInput.fast).toEqual(badInput.ordinary);
    expect(badInput.fast.status).toBe(400);
    expect(codeOf(badInput.fast.body)).toBe('BAD_INPUT');

    const exhausted = await bothWays(api.url, () => drawBody({ authority: id, dispatchKey: unique('too-much'), tokens: 6 }), auth);
    expect(exhausted.fast).toEqual(exhausted.ordinary);
    expect((JSON.parse(exhausted.fast.body) as { data: { drawAuthority: { code: string } } }).data.drawAuthority.code).toBe('EXHAUSTED');

    // Nothing runs when the variables do not coerce: the fast path leaves the answer to Apollo, on both framings.
    for (const tokens of ['many', -1]) {
      const wrongType = await bothWays(api.url, drawBody({ authority: id, dispatchKey: 'x', tokens }), auth, false);
      expect(wrongType.fast).toEqual(wrongType.ordinary);
      expect(wrongType.fast.status).toBe(400);
    }
  });

  apiTest('for UNAVAILABLE: a draw whose lock wait runs out is a 503 with Retry-After both ways', { timeout: 30_000 }, async ({ api }) => {
    const { agent, id } = await seed(api);
    const auth = { authorization: `Bearer ${agent.key}` };
    // Holds the balance row past draw_authority's own lock_timeout (5 s), so both draws give up as UNAVAILABLE.
    const holder = await api.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [id]);
      const [fast, ordinary] = await Promise.all([
        sent(api.url, drawBody({ authority: id, dispatchKey: 'late', tokens: 1 }), 'fast', auth),
        sent(api.url, drawBody({ authority: id, dispatchKey: 'late', tokens: 1 }), 'ordinary', auth),
      ]);
      expect({ ...fast, throughApollo: undefined }).toEqual({ ...ordinary, throughApollo: undefined });
      expect(fast.status).toBe(503);
      expect(fast.headers['retry-after']).toBeDefined();
      expect(codeOf(fast.body)).toBe('UNAVAILABLE');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  apiTest('for an idempotent replay, a body over the limit and a wrong content type (the ordinary path on both framings)', async ({ api }) => {
    const { agent, id } = await seed(api);
    const auth = { authorization: `Bearer ${agent.key}` };
    const keyed = { ...auth, 'idempotency-key': 'parity-1' };
    await post(api.url, drawBody({ authority: id, dispatchKey: 'keyed', tokens: 1 }), 'fast', keyed);
    const replay = await bothWays(api.url, drawBody({ authority: id, dispatchKey: 'keyed', tokens: 1 }), keyed, false);
    expect(replay.fast).toEqual(replay.ordinary);
    expect(replay.fast.headers['idempotent-replayed']).toBe('true');

    const huge = drawBody({ authority: id, dispatchKey: 'x'.repeat(LIMITS.maxBodyBytes), tokens: 1 });
    const [overFast, overOrdinary] = [await post(api.url, huge, 'fast', auth), await post(api.url, huge, 'ordinary', auth)];
    expect(overFast).toEqual(overOrdinary);
    expect(overFast.status).toBe(413);

    const plain = drawBody({ authority: id, dispatchKey: 'typed', tokens: 1 });
    const [typedFast, typedOrdinary] = [
      await post(api.url, plain, 'fast', { ...auth, 'content-type': 'text/plain' }),
      await post(api.url, plain, 'ordinary', { ...auth, 'content-type': 'text/plain' }),
    ];
    expect(typedFast).toEqual(typedOrdinary);
    expect(typedFast.status).toBe(400);
  });
});

describe('the draw fast path keeps the per-principal bound', () => {
  dbTestWithBound('answers RATE_LIMITED with Retry-After as Apollo does while the key has a draw in flight');
});

/** A server allowing one request in flight per principal, with one draw held on a locked row while two more arrive. */
function dbTestWithBound(name: string): void {
  apiTest(name, { timeout: 30_000 }, async ({ database }) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig({ maxConcurrentPerPrincipal: 1 }), db: database, bus, log: testLog });
    const api = new TestApi(server.url, database, bus);
    const holder = await database.pool.connect();
    try {
      const { agent, id } = await seed(api);
      const auth = { authorization: `Bearer ${agent.key}` };
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [id]);
      const held = post(api.url, drawBody({ authority: id, dispatchKey: 'held', tokens: 1 }), 'fast', auth);
      // The held draw is waiting on the row once PostgreSQL shows its lock wait.
      await expect
        .poll(async () => (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0]!.n, {
          timeout: 10_000,
        })
        .toBe(1);
      const limited = await bothWays(api.url, drawBody({ authority: id, dispatchKey: 'second', tokens: 1 }), auth, false);
      expect(limited.fast).toEqual(limited.ordinary);
      expect(limited.fast.status).toBe(429);
      expect(limited.fast.headers['retry-after']).toBeDefined();
      expect(codeOf(limited.fast.body)).toBe('RATE_LIMITED');
      await holder.query('ROLLBACK');
      expect((await held).status).toBe(200);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await server.close();
      await bus.stop();
    }
  });
}
