// The mixed workload of a cluster run, through the balancer: agents drawing
// and asking, the owner deciding, and one instance SIGKILLed part way.
import { countError, post, tally } from './client.mjs';
import { runOwner } from './owner.mjs';
import { ASK, DRAW } from './queries.mjs';
import { say } from './report.mjs';
import { AGENTS, ANSWER_GRACE_MS, KILL_AT_MS, WORKLOAD_MS } from './settings.mjs';

/**
 * Runs the workload for WORKLOAD_MS against the balancer on `balancer.port`,
 * then lets the owner decide what is still pending; resolves with the owner
 * (its subscription's failures are checked).
 */
export async function runWorkload({ balancer, ports, instances, seed }) {
  const url = `http://127.0.0.1:${balancer.port}`;
  const until = Date.now() + WORKLOAD_MS;
  const deadline = until + ANSWER_GRACE_MS;
  const owner = runOwner(url, `ws://127.0.0.1:${balancer.port}/graphql`, seed.ownerToken, deadline);
  await owner.ready;
  say(`workload for ${WORKLOAD_MS / 1000}s: ${AGENTS} agents drawing and asking, the owner deciding over a WebSocket`);
  const killed = new Promise((resolve) =>
    setTimeout(() => {
      // The instance holding the owner's WebSocket: its subscription must come back through another.
      const index = Math.max(0, ports.indexOf(balancer.stats.lastUpgradePort));
      say(`SIGKILL the instance on port ${ports[index]} (pid ${instances[index].pid}), which holds the owner's WebSocket`);
      instances[index].kill('SIGKILL');
      resolve(ports[index]);
    }, KILL_AT_MS),
  );
  await Promise.all(seed.agents.map((agent, index) => runAgent(url, agent, index, until, deadline)));
  await killed;
  say('workload over; the owner decides what is still pending');
  await owner.finish();
  return owner;
}

/** An agent: draws and asks in turn until `until`, each write keyed so a retry cannot count twice. */
async function runAgent(url, agent, index, until, deadline) {
  const auth = { authorization: `Bearer ${agent.key}` };
  for (let n = 0; Date.now() < until; n++) {
    if (n % 3 !== 2) await draw(url, agent, index, n, auth, deadline);
    else await ask(url, index, n, auth, deadline);
  }
}

async function draw(url, agent, index, n, auth, deadline) {
  const dispatchKey = `agent${index}-draw-${n}`;
  const tokens = 1 + ((n * 7 + index) % 50);
  const data = await post(url, DRAW, { input: { authority: agent.authority, dispatchKey, tokens } }, auth, deadline);
  const result = data.drawAuthority;
  if (result.__typename !== 'Drawn') throw new Error(`draw refused: ${JSON.stringify(result)}`);
  if (result.replayed) tally.draws.replayed++;
  tally.draws.succeeded++;
  // Counted once per dispatch key, whether the answer came first time or as a replay.
  const counted = tally.draws.tokensCounted;
  counted.set(agent.authority, (counted.get(agent.authority) ?? 0) + Number(result.receipt.tokens));
}

async function ask(url, index, n, auth, deadline) {
  const input = {
    op: 'repository.mintToken',
    repository: 'cluster-repo',
    input: { scopes: ['read'], ttlHours: 1 + (n % 720) },
    summary: `cluster ${index}/${n}`,
  };
  const data = await post(url, ASK, { input }, { ...auth, 'idempotency-key': `agent${index}-ask-${n}` }, deadline);
  const result = data.requestSignOff;
  // Refusals the rules give a busy agent, not failures: 20 requests already open (the owner is behind), or
  // the same input denied in the last 10 minutes (inputs repeat after 720 asks). Counted, then the agent goes on.
  if (result.__typename === 'TooManyPending' || result.__typename === 'RecentlyDenied') {
    countError(`answered ${result.code}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return;
  }
  if (result.__typename !== 'SignOffRequested') throw new Error(`ask refused: ${JSON.stringify(result)}`);
  tally.signOffs.asked.add(result.signOff.id);
}
