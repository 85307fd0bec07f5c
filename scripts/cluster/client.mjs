// What every client of a cluster run does on the wire — one GraphQL POST,
// retried as a well-behaved client would — and the tally of what they saw.
import { NO_INSTANCE_READY_MESSAGE } from './settings.mjs';

/** What the clients saw, for the report and the checks. */
export const tally = {
  requestsSent: 0,
  /** Requests the client saw fail: no answer (the connection refused or cut), or a 5xx. Each is then retried. */
  failed: 0,
  /** Each failure as the client saw it: when its request was sent (ms since the epoch) and its kind (as errorsByKind counts it). */
  failures: [],
  answered: 0,
  retries: 0,
  /** The longest any one request took, first send to answer, when it was sent more than once (ms), and what made it wait longest. */
  longestRetried: { ms: 0, kinds: [] },
  errorsByKind: {},
  wsConnects: 0,
  wsCloses: 0,
  /** The close codes the owner's socket saw (1001: an instance going away, which is not a failure). */
  wsCloseCodes: {},
  /** The close codes of sockets that had been acknowledged (not of connection attempts refused before that). */
  wsLiveCloseCodes: {},
  draws: { succeeded: 0, replayed: 0, tokensCounted: new Map() },
  signOffs: { asked: new Set(), decided: new Map(), closedAnswers: 0, resyncs: 0 },
};

/** Counts one error a client saw, by kind. */
export const countError = (kind) => (tally.errorsByKind[kind] = (tally.errorsByKind[kind] ?? 0) + 1);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts a failed request; returns its kind. */
function fail(kind, sentAt) {
  tally.failed++;
  countError(kind);
  tally.failures.push({ sentAt, kind });
  return kind;
}

/**
 * What a 502/503/504 said: its status and the error code of its body ("HTTP 503 UNAVAILABLE"), "from haproxy" when
 * it is haproxy's own answer for a backend with no instance in, or "without an error code" when the body has none.
 */
async function failureKind(response) {
  const text = await response.text();
  let error;
  try {
    error = JSON.parse(text).errors?.[0];
  } catch {
    // not JSON: no code to read
  }
  const code = error?.extensions?.code;
  if (!code) return `HTTP ${response.status} without an error code`;
  return `HTTP ${response.status} ${code}${error.message === NO_INSTANCE_READY_MESSAGE ? ' from haproxy' : ''}`;
}

const giveUp = (query) => new Error(`no answer before the deadline: ${query.slice(0, 40)}`);

/**
 * One GraphQL POST through the balancer, retried on a network error, a
 * 502/503/504, or a 409/429 with Retry-After, with the same body and headers (so
 * the same Idempotency-Key or dispatch key) until it is answered or
 * `deadline` passes: what a well-behaved client does.
 */
export async function post(url, query, variables, headers, deadline) {
  const firstSentAt = Date.now();
  const kinds = new Set();
  for (let attempt = 0; ; attempt++) {
    tally.requestsSent++;
    if (attempt > 0) tally.retries++;
    const sentAt = Date.now();
    try {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status === 409 || response.status === 429) {
        kinds.add(await waitAsTold(response));
        if (Date.now() > deadline) throw giveUp(query);
        continue;
      }
      if (response.status === 502 || response.status === 503 || response.status === 504) kinds.add(fail(await failureKind(response), sentAt));
      else {
        const data = await answerOf(response);
        if (attempt > 0) noteRetried(Date.now() - firstSentAt, kinds);
        return data;
      }
    } catch (error) {
      if (!(error instanceof TypeError) && !error.retry) throw error;
      kinds.add(fail(error instanceof TypeError ? `network: ${error.cause?.code ?? error.message}` : error.kind, sentAt));
    }
    if (Date.now() > deadline) throw giveUp(query);
    await pause(Math.min(50 * 2 ** attempt, 500));
  }
}

function noteRetried(ms, kinds) {
  if (ms > tally.longestRetried.ms) tally.longestRetried = { ms, kinds: [...kinds] };
}

async function waitAsTold(response) {
  // 409 IDEMPOTENCY_KEY_IN_USE: the key's first request still holds it (on an instance that may have died
  // holding it, until its lease runs out). 429 RATE_LIMITED: this principal has 8 requests running on that
  // instance (the owner re-reading what it follows after a reconnect, say). Either way: wait as
  // Retry-After says, then ask again with the same body, so the same key.
  const kind = response.status === 409 ? 'HTTP 409 IDEMPOTENCY_KEY_IN_USE' : 'HTTP 429 RATE_LIMITED';
  countError(kind);
  await response.arrayBuffer();
  await pause(Math.min(Number(response.headers.get('retry-after') ?? 1), 10) * 1000);
  return kind;
}

async function answerOf(response) {
  const body = await response.json();
  if (body.errors?.length) {
    const kind = `HTTP ${response.status} ${body.errors[0].extensions?.code ?? 'error'}`;
    if (response.status >= 500) throw Object.assign(new Error('server error'), { retry: true, kind });
    countError(kind);
    throw new Error(`${JSON.stringify(body.errors)}`);
  }
  tally.answered++;
  return body.data;
}
