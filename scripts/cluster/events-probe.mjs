// Proof that every instance's event bus listens again after PostgreSQL came
// back: a subscription opened on each instance directly (not through the
// balancer) must see a sign-off asked through another instance, which only
// PostgreSQL's NOTIFY can have carried across.
import { pathToFileURL } from 'node:url';
import { post, tally } from './client.mjs';
import { requireApi } from './processes.mjs';
import { ASK, SIGN_OFF_EVENTS } from './queries.mjs';

const WebSocket = requireApi('ws');
const { createClient } = await import(pathToFileURL(requireApi.resolve('graphql-ws')).href);

/** How long the probe may take before the run fails: the bus reconnects 0.2 s after losing PostgreSQL, then every 1 s. */
const PROBE_DEADLINE_MS = 20_000;
/** How long one ask may go unseen before another is sent (a subscription may not have been registered yet). */
const ASK_AGAIN_MS = 1_000;

/**
 * Opens a subscription on each of `ports` and asks through them in turn until each subscription has seen a
 * sign-off asked through another port; resolves with, per port, the port whose ask it saw first and how long
 * after that ask was answered. Every sign-off asked joins the run's tally, so the owner decides it and the checks count it.
 */
export async function proveEventsCrossInstances({ ports, seed }) {
  const deadline = Date.now() + PROBE_DEADLINE_MS;
  const watchers = await Promise.all(ports.map((port) => watch(port, seed.ownerToken)));
  const askedVia = new Map();
  try {
    for (let n = 0; !watchers.every((watcher) => crossed(watcher, askedVia)); n++) {
      if (Date.now() > deadline)
        throw new Error(`no event crossed to ${watchers.filter((w) => !crossed(w, askedVia)).map((w) => w.port)} within ${PROBE_DEADLINE_MS / 1000}s`);
      const via = ports[n % ports.length];
      const id = await askThrough(via, seed.agents[0], n, deadline);
      if (id) askedVia.set(id, { port: via, answeredAt: Date.now() });
      await untilOr(() => watchers.every((watcher) => crossed(watcher, askedVia)), Math.min(deadline, Date.now() + ASK_AGAIN_MS));
    }
    return watchers.map((watcher) => {
      const [id, seenAt] = [...watcher.seen].find(([seenId]) => askedVia.get(seenId)?.port !== undefined && askedVia.get(seenId).port !== watcher.port);
      const asked = askedVia.get(id);
      return { port: watcher.port, from: asked.port, ms: Math.max(0, seenAt - asked.answeredAt) };
    });
  } finally {
    await Promise.all(watchers.map((watcher) => watcher.client.dispose()));
  }
}

/** Whether the watcher has seen a sign-off asked through a port other than its own. */
function crossed(watcher, askedVia) {
  return [...watcher.seen.keys()].some((id) => askedVia.has(id) && askedVia.get(id).port !== watcher.port);
}

/** Asks for a sign-off through the instance on `port`; resolves with its id, or undefined when the rules refused this one. */
async function askThrough(port, agent, n, deadline) {
  const input = { op: 'repository.mintToken', repository: 'cluster-repo', input: { scopes: ['read'], ttlHours: 1 + (n % 720) }, summary: `events probe ${n}` };
  const headers = { authorization: `Bearer ${agent.key}`, 'idempotency-key': `events-probe-${process.pid}-${n}` };
  const result = (await post(`http://127.0.0.1:${port}`, ASK, { input }, headers, deadline)).requestSignOff;
  if (result.__typename !== 'SignOffRequested') return undefined;
  tally.signOffs.asked.add(result.signOff.id);
  return result.signOff.id;
}

/** A subscription to the owner's sign-off events on one instance; resolves once the instance acknowledged it. */
function watch(port, ownerToken) {
  const seen = new Map();
  return new Promise((resolve, reject) => {
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${ownerToken}` },
      lazy: false,
      retryAttempts: 0,
      on: { connected: () => resolve({ port, client, seen }), closed: (event) => reject(new Error(`the probe's socket on ${port} closed (${event?.code})`)) },
    });
    client.subscribe(
      { query: SIGN_OFF_EVENTS },
      {
        next: ({ data }) => {
          const id = data?.signOffEvents?.signOff?.id;
          if (id && !seen.has(id)) seen.set(id, Date.now());
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
}

/** Resolves once `condition()` holds or `until` (ms since the epoch) passed, checking every 20 ms. */
async function untilOr(condition, until) {
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
