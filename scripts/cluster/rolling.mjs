// The rolling restart of a cluster run: each instance in turn gets SIGTERM,
// drains while haproxy's health check takes it out of the rotation, exits,
// and a new one on its port is taken back in before the next one goes.
import { tally } from './client.mjs';
import { frontendCounts, haproxyVersion, startHaproxy, untilServer } from './haproxy.mjs';
import { say } from './report.mjs';

/** Answers the clients get with every instance in before the first SIGTERM, so the restart starts under load. */
const WARM_UP_ANSWERS = 50;

/**
 * The rolling restart's disruption for runWorkload, and the figures of each
 * step it took (seconds after that instance's SIGTERM), filled in as it goes.
 */
export function restartEachInTurn({ haproxy, instances }) {
  const steps = [];
  const disrupt = async () => {
    while (tally.answered < WARM_UP_ANSWERS) await new Promise((resolve) => setTimeout(resolve, 50));
    for (let index = 0; index < instances.ports.length; index++) steps.push(await restartOne(haproxy, instances, index));
  };
  return { disrupt, steps };
}

async function restartOne(haproxy, instances, index) {
  const port = instances.ports[index];
  const server = `i${index + 1}`;
  const old = instances.children[index];
  const exited = new Promise((resolve) => old.once('exit', (code, signal) => resolve(code ?? signal)));
  const sigterm = Date.now();
  const since = () => (Date.now() - sigterm) / 1000;
  say(`SIGTERM the instance on port ${port} (pid ${old.pid})`);
  old.kill('SIGTERM');
  await untilServer(haproxy, server, (status) => status.startsWith('DOWN'));
  const out = since();
  const exit = await exited;
  const exitedAt = since();
  instances.children[index] = await instances.restartOn(port);
  const readyAt = since();
  await untilServer(haproxy, server, (status) => status === 'UP');
  const inAt = since();
  const step = { port, exit, out, exitedAt, readyAt, inAt };
  say(
    `port ${port}: out of haproxy ${out.toFixed(1)}s after SIGTERM, exited (${exit}) at ${exitedAt.toFixed(1)}s, ` +
      `its replacement ready at ${readyAt.toFixed(1)}s and back in at ${inAt.toFixed(1)}s`,
  );
  return step;
}

/**
 * What the instances of a rolling restart run with: the drain production has by default, unless the run is given
 * another (`COUNTERSIGN_SHUTDOWN_DRAIN_MS=0 pnpm cluster --rolling-restart` shows what a restart without one costs).
 */
export const ROLLING_SETTINGS = { COUNTERSIGN_SHUTDOWN_DRAIN_MS: process.env.COUNTERSIGN_SHUTDOWN_DRAIN_MS || '5000' };

/** How long any one request may keep retrying before the run gives up on it (the whole run is well inside). */
const ANSWER_DEADLINE_MS = 200_000;

/**
 * The rolling-restart run for scripts/cluster.mjs: haproxy in front of the
 * instances (all of them in before the workload starts), the restart as the
 * workload's disruption, and the bar it is held to.
 */
export async function rollingRun(instances, scratch) {
  const version = haproxyVersion();
  const haproxy = await startHaproxy(instances.ports, scratch);
  await Promise.all(instances.ports.map((_, index) => untilServer(haproxy, `i${index + 1}`, (status) => status === 'UP')));
  say(`${version} on http://127.0.0.1:${haproxy.port}: option httpchk GET /readyz, inter 1s fall 1 rise 2, retries 0, no redispatch`);
  const { disrupt, steps } = restartEachInTurn({ haproxy, instances });
  let counts;
  return {
    port: haproxy.port,
    title: 'Rolling restart behind haproxy (scripts/cluster.mjs --rolling-restart)',
    deadline: Date.now() + ANSWER_DEADLINE_MS,
    disrupt,
    problems: async () => {
      counts = await frontendCounts(haproxy);
      return restartProblems(steps, counts);
    },
    lines: () => [
      `  ${version}: option httpchk GET /readyz, inter 1s fall 1 rise 2, retries 0, no redispatch`,
      `  instances: ${instances.ports.length}, COUNTERSIGN_SHUTDOWN_DRAIN_MS=${ROLLING_SETTINGS.COUNTERSIGN_SHUTDOWN_DRAIN_MS}, each in turn: SIGTERM, drain, exit, a new one on its port`,
      ...steps.map(
        (step) =>
          `    port ${step.port}: out of haproxy ${step.out.toFixed(1)}s after SIGTERM, exited (${step.exit}) at ${step.exitedAt.toFixed(1)}s, ` +
          `replacement ready at ${step.readyAt.toFixed(1)}s, back in at ${step.inAt.toFixed(1)}s`,
      ),
      `  haproxy frontend: ${counts.requests} requests, ${counts.answered5xx} answered 5xx`,
      `  failed requests: ${tally.failed} of ${tally.requestsSent} sent`,
    ],
    close: () => undefined,
  };
}

/** The bar: no request failed (a WebSocket closed 1001 is not one), every instance exited 0, haproxy answered no 5xx. */
function restartProblems(steps, counts) {
  const problems = [];
  if (tally.failed > 0) problems.push(`${tally.failed} of ${tally.requestsSent} requests failed during the rolling restart`);
  if (counts.answered5xx > 0) problems.push(`haproxy answered ${counts.answered5xx} requests with a 5xx`);
  for (const step of steps) if (step.exit !== 0) problems.push(`the instance on port ${step.port} exited ${step.exit}, not 0`);
  const closes = Object.keys(tally.wsCloseCodes).filter((code) => code !== '1001' && code !== '1000');
  if (closes.length > 0) problems.push(`the owner's WebSocket closed with ${closes.join(', ')}, not 1001 (going away)`);
  return problems;
}
