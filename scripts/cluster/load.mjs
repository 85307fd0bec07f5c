// The mixed workload of a cluster run, through the balancer: agents drawing
// and asking, the owner deciding, while something happens to the instances
// (one SIGKILLed part way, or each restarted in turn).
import { countError, post, tally } from './client.mjs';
import { runOwner } from './owner.mjs';
import { ASK, DRAW } from './queries.mjs';
import { say } from './report.mjs';
import { AGENTS, KILL_AT_MS, WORKLOAD_MS } from './settings.mjs';

/**
 * Runs the workload through the balancer on `port` for as long as `disrupt()`
 * takes (it does what the run is about to the instances meanwhile), then lets
 * the owner decide what is still pending; resolves with the owner (its
 * subscription's failures are checked). No request is given up on before `deadline`.
 */
export async function runWorkload({ port, seed, disrupt, deadline }) {
  const url = `http://127.0.0.1:${port}`;
  const owner = runOwner(url, `ws://127.0.0.1:${port}/graphql`, seed.ownerToken, deadline);
  await owner.ready;
  say(`workload: ${AGENTS} agents drawing and asking, the owner deciding over a WebSocket`);
  let over = false;
  const disrupted = disrupt().finally(() => (over = true));
  await Promise.all([disrupted, ...seed.agents.map((agent, index) => runAgent(url, agent, index, () => over, deadline))]);
  say('workload over; the owner decides what is still pending');
  await owner.finish();
  return owner;
}

/** The crash run's disruption: WORKLOAD_MS of work, a third of the way into which one instance is SIGKILLed. */
export function killOneMidRun({ balancer, ports, instances }) {
  return async () => {
    await pause(KILL_AT_MS);
    // The instance holding the owner's WebSocket: its subscription must come back through another.
    const index = Math.max(0, ports.indexOf(balancer.stats.lastUpgradePort));
    say(`SIGKILL the instance on port ${ports[index]} (pid ${instances[index].pid}), which holds the owner's WebSocket`);
    instances[index].kill('SIGKILL');
    await pause(WORKLOAD_MS - KILL_AT_MS);
  };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An agent: draws and asks in turn until `over()`, each write keyed so a retry cannot count twice. */
async function runAgent(url, agent, index, over, deadline) {
  const auth = { authorization: `Bearer ${agent.key}` };
  for (let n = 0; !over(); n++) {
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
    await pause(100);
    return;
  }
  if (result.__typename !== 'SignOffRequested') throw new Error(`ask refused: ${JSON.stringify(result)}`);
  tally.signOffs.asked.add(result.signOff.id);
}
