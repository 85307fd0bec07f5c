import fc from 'fast-check';
import { appendFileSync } from 'node:fs';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect } from 'vitest';
import { isErrorCode } from '../src/platform/lib/errors.js';
import { buildSchema } from '../src/edge/graphql/schema.js';
import { apiTest } from './fixtures.js';
import { rootRequest, type FuzzRequest, type KnownValues } from './fuzz-arbitraries.js';
import type { CallOptions, TestApi } from './testkit.js';

/**
 * Random calls of every root field, built from the schema, sent to a real
 * server as each kind of caller. Whatever the input, the answer is JSON with
 * codes from the enum, never a 500 or INTERNAL, within a bounded time, and
 * the process keeps serving. The seed changes per run so each run tries new
 * inputs; a failure names it: rerun with FUZZ_SEED=<seed> (FUZZ_SHRINK=1 for
 * the smallest failing input, at the cost of many more requests).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS_PER_CALLER = Number(process.env.FUZZ_RUNS ?? 200);
/**
 * Not a benchmark: a bound that only a pathological input (work growing
 * without limit, a hang) passes, set far above any answer on a loaded
 * two-core machine so that load alone never trips it.
 */
const MAX_REQUEST_MS = 15_000;

const schema = buildSchema();

type Caller = 'anonymous' | 'agent' | 'owner';

/** A world with one of each thing, so generated ids and names sometimes hit real rows. */
async function seedWorld(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  // Revoking or rotating this one leaves the calling agent's key working.
  const spare = await api.agent(owner);
  const repository = await api.repository(owner);
  const signOff = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repository.name, input: { scopes: ['read'], ttlHours: 1 } });
  const authority = await api.authority(owner, agent.id, { tokens: 1_000, draws: 100 });
  const known: KnownValues = {
    ids: [spare.id, repository.id, signOff, authority, owner.email],
    strings: [repository.name, repository.code, owner.tenantName, 'fuzz', '1.0.0', 'read'],
  };
  return { owner, agent, known };
}

function rootFields(type: GraphQLObjectType | null | undefined, operation: FuzzRequest['operation'], caller: Caller, known: KnownValues) {
  return (
    Object.values(type?.getFields() ?? {})
      // Ending the owner's session would turn the rest of the run anonymous; signOut takes no arguments to fuzz.
      .filter((field) => !(caller === 'owner' && field.name === 'signOut'))
      .map((field) => rootRequest(schema, operation, field, known))
  );
}

interface Call {
  request: FuzzRequest;
  idempotencyKey: string | null;
  viaGet: boolean;
}

function requests(caller: Caller, known: KnownValues): fc.Arbitrary<Call> {
  const all = [
    ...rootFields(schema.getQueryType(), 'query', caller, known),
    ...rootFields(schema.getMutationType(), 'mutation', caller, known),
    ...rootFields(schema.getSubscriptionType(), 'subscription', caller, known),
  ];
  // Keys are for agents' writes (anything else is refused before it runs): sent on some of those, a few malformed.
  const idempotencyKey = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3') },
    { weight: 1, arbitrary: fc.constantFrom(' ', 'x'.repeat(300), 'é', '') },
  );
  // Queries also travel as GET, whose variables arrive in the URL rather than the body.
  return fc.record({ request: fc.oneof(...all), idempotencyKey, viaGet: fc.boolean() }).map(({ request, idempotencyKey: key, viaGet }) => ({
    request,
    idempotencyKey: caller === 'agent' && request.operation === 'mutation' ? key : null,
    viaGet: viaGet && request.operation === 'query',
  }));
}

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  ms: number;
}

async function send(api: TestApi, { request, idempotencyKey, viaGet }: Call, auth: CallOptions): Promise<Answer> {
  // A GET passes Apollo's CSRF check only with this header, as any non-browser client would send it.
  const headers: Record<string, string> = viaGet ? { 'apollo-require-preflight': '1' } : { 'content-type': 'application/json' };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.key) headers.authorization = `Bearer ${auth.key}`;
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  // The server shares this process: a request that blocks its event loop stops every timer here too, so
  // FUZZ_TRACE=<file> writes each request down, synchronously, before it is sent.
  if (process.env.FUZZ_TRACE) appendFileSync(process.env.FUZZ_TRACE, `${JSON.stringify({ ...request, idempotencyKey, viaGet })}\n`);
  const started = performance.now();
  try {
    // A request that never ends must fail this test, naming its input, rather than hang it.
    const signal = AbortSignal.timeout(MAX_REQUEST_MS * 2);
    const url = viaGet
      ? `${api.url}/graphql?${new URLSearchParams({ query: request.query, variables: JSON.stringify(request.variables) })}`
      : `${api.url}/graphql`;
    const body = viaGet ? undefined : JSON.stringify({ query: request.query, variables: request.variables });
    const response = await fetch(url, { method: viaGet ? 'GET' : 'POST', headers, body, signal });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type'), text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, contentType: null, text: `no answer: ${(error as Error).message}`, ms: performance.now() - started };
  }
}

/** Every way an answer can betray a fault of ours, described; empty when the answer is sound. */
function faults(answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status === 0 || answer.status >= 500) found.push(answer.status === 0 ? answer.text : `HTTP ${answer.status}`);
  if (answer.ms > MAX_REQUEST_MS) found.push(`took ${Math.round(answer.ms)} ms`);
  if (!answer.contentType?.startsWith('application/json')) found.push(`content type ${answer.contentType}`);
  let body: { errors?: { extensions?: { code?: unknown } }[] } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    found.push('a body that is not JSON');
  }
  for (const error of body.errors ?? []) {
    const code = error.extensions?.code;
    if (code === 'INTERNAL') found.push('an INTERNAL error');
    else if (!isErrorCode(code)) found.push(`a code outside the enum: ${String(code)}`);
  }
  return found;
}

/** What came back, by field: the data's typename or the first error's code (FUZZ_STATS=1 prints it). */
function tally(outcomes: Map<string, number>, request: FuzzRequest, answer: Answer) {
  let outcome = `HTTP ${answer.status}`;
  try {
    const body = JSON.parse(answer.text) as {
      data?: Record<string, { __typename?: string } | null> | null;
      errors?: { extensions?: { code?: string }; message?: string }[];
    };
    const result = body.data ? Object.values(body.data)[0] : undefined;
    outcome = body.errors?.[0]
      ? `error ${body.errors[0].extensions?.code}: ${body.errors[0].message?.slice(0, 60)}`
      : `data ${result === null ? 'null' : Array.isArray(result) ? 'list' : result?.__typename}`;
  } catch {
    /* counted by status */
  }
  const key = `${request.field}: ${outcome}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
}

async function fuzz(api: TestApi, caller: Caller) {
  console.info(`fuzz ${caller}: seed ${SEED}`);
  const { owner, agent, known } = await seedWorld(api);
  const auth: CallOptions = caller === 'owner' ? { cookie: owner.cookie } : caller === 'agent' ? { key: agent.key } : {};
  let sent = 0;
  const outcomes = new Map<string, number>();
  const started = performance.now();
  try {
    await fc.assert(
      fc.asyncProperty(requests(caller, known), async (call) => {
        const { request, idempotencyKey, viaGet } = call;
        const answer = await send(api, call, auth);
        sent++;
        tally(outcomes, request, answer);
        const found = faults(answer);
        if (found.length > 0) {
          throw new Error(
            `${found.join(', ')} for ${caller} ${request.field}${viaGet ? ' (GET)' : ''}\nquery: ${request.query}\nvariables: ${JSON.stringify(request.variables).slice(0, 2_000)}\nidempotency-key: ${idempotencyKey}\nanswer: ${answer.text.slice(0, 1_000)}`,
          );
        }
      }),
      { seed: SEED, numRuns: RUNS_PER_CALLER, endOnFailure: !process.env.FUZZ_SHRINK },
    );
  } catch (error) {
    throw new Error(`Fuzz failed (${caller}); replay with FUZZ_SEED=${SEED}\n${(error as Error).message}`, { cause: error });
  }
  const health = await fetch(`${api.url}/healthz`);
  expect(health.status).toBe(200);
  console.info(`fuzz ${caller}: ${sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`);
  if (process.env.FUZZ_STATS)
    console.info(
      [...outcomes]
        .sort()
        .map(([outcome, count]) => `${count}\t${outcome}`)
        .join('\n'),
    );
}

describe('random calls of every operation, built from the schema', () => {
  apiTest('never answer 500, INTERNAL or slowly to an anonymous caller, and leave the server serving', async ({ api }) => {
    await fuzz(api, 'anonymous');
  });

  apiTest('never answer 500, INTERNAL or slowly to an agent, and leave the server serving', async ({ api }) => {
    await fuzz(api, 'agent');
  });

  apiTest('never answer 500, INTERNAL or slowly to an owner, and leave the server serving', async ({ api }) => {
    await fuzz(api, 'owner');
  });
});
