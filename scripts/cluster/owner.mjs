// The owner of a cluster run: follows its sign-offs over a graphql-ws
// subscription through the balancer and decides each one.
import { pathToFileURL } from 'node:url';
import { countError, post, tally } from './client.mjs';
import { requireApi } from './processes.mjs';
import { DECIDE, PENDING, SIGN_OFF_EVENTS } from './queries.mjs';

const WebSocket = requireApi('ws');
const { createClient } = await import(pathToFileURL(requireApi.resolve('graphql-ws')).href);

/** The owner: decides each request the subscription shows; after every (re)connection, re-reads what is pending. */
export function runOwner(url, wsUrl, ownerToken, deadline) {
  const auth = { authorization: `Bearer ${ownerToken}` };
  const decider = createDecider(url, auth, deadline);
  const readPending = async () => (await post(url, PENDING, {}, auth, deadline)).signOffs.nodes;
  const resync = async () => {
    tally.signOffs.resyncs++;
    for (const node of await readPending()) decider.decide(node.id);
  };
  const { client, ready, failures } = subscribe(wsUrl, ownerToken, decider.decide, resync);
  return {
    ready,
    failures,
    /** Decides whatever is still pending, and waits for every decision in flight. */
    finish: async () => {
      for (;;) {
        await decider.settled();
        const nodes = await readPending();
        if (nodes.length === 0 && decider.inFlight.size === 0) break;
        for (const node of nodes) decider.decide(node.id);
      }
      await client.dispose();
    },
  };
}

/** Decides each sign-off once, however often it is shown; `settled` waits for every decision sent so far. */
function createDecider(url, auth, deadline) {
  const inFlight = new Set();
  let decisions = Promise.resolve();
  const decide = (id) => {
    if (inFlight.has(id) || tally.signOffs.decided.has(id)) return;
    inFlight.add(id);
    // Two of three approved, the third denied with a note.
    const approve = [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 3 !== 0;
    const work = post(url, DECIDE, { input: { id, approve, note: approve ? null : 'not now' } }, auth, deadline).then((data) => {
      countDecision(id, data.decideSignOff);
      inFlight.delete(id);
    });
    decisions = Promise.all([decisions, work]);
  };
  return { decide, inFlight, settled: () => decisions };
}

function countDecision(id, result) {
  const decided = tally.signOffs.decided;
  if (result.__typename === 'SignOffDecided') decided.set(id, (decided.get(id) ?? 0) + 1);
  else if (result.__typename === 'SignOffClosed') {
    // Our decision committed but its answer was lost (the instance died): the retry finds it closed.
    tally.signOffs.closedAnswers++;
    decided.set(id, decided.get(id) ?? 0);
  } else throw new Error(`decision refused: ${JSON.stringify(result)}`);
}

function subscribe(wsUrl, ownerToken, decide, resync) {
  let connectedOnce;
  let acknowledged = false;
  const ready = new Promise((resolve) => (connectedOnce = resolve));
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${ownerToken}` },
    lazy: false,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async () => new Promise((resolve) => setTimeout(resolve, 200)),
    on: {
      connected: () => {
        acknowledged = true;
        tally.wsConnects++;
        connectedOnce();
        // Events while the socket was down are not replayed: read the pending list again.
        void resync().catch((error) => countError(`resync: ${error.message}`));
      },
      closed: (event) => {
        tally.wsCloses++;
        tally.wsCloseCodes[event?.code] = (tally.wsCloseCodes[event?.code] ?? 0) + 1;
        if (acknowledged) tally.wsLiveCloseCodes[event?.code] = (tally.wsLiveCloseCodes[event?.code] ?? 0) + 1;
        acknowledged = false;
      },
    },
  });
  const failures = [];
  // graphql-ws resubscribes this subscription on every reconnection.
  client.subscribe(
    { query: SIGN_OFF_EVENTS },
    {
      next: ({ data }) => {
        const signOff = data?.signOffEvents?.signOff;
        if (signOff?.state === 'PENDING') decide(signOff.id);
      },
      error: (error) => failures.push(error),
      complete: () => undefined,
    },
  );
  return { client, ready, failures };
}
