// The PostgreSQL restart of a cluster run: under the workload, behind the
// same haproxy as the rolling restart, the postmaster is killed with SIGKILL
// (what the OOM killer or an operator's `kill -9` does: no shutdown, crash
// recovery on the next start) and its supervisor, apps/api/bench/cluster-db.ts,
// starts it again on the same data folder and port. No instance is touched:
// each must notice, answer UNAVAILABLE meanwhile, and serve again by itself.
import { tally } from './client.mjs';
import { proveEventsCrossInstances } from './events-probe.mjs';
import { frontendCounts, haproxyVersion, startHaproxy, untilServer } from './haproxy.mjs';
import { untilDatabaseSays } from './instances.mjs';
import { say } from './report.mjs';

/** Answers the clients get before the kill, so PostgreSQL dies under load. */
const WARM_UP_ANSWERS = 50;
/** After every instance is back in haproxy, this many more answered requests make the window that must have no failure. */
const RECOVERED_WINDOW_ANSWERS = 500;
/** How long, from the kill, PostgreSQL and every instance have to be serving again before the run fails. */
const RECOVERY_DEADLINE_MS = 60_000;
/** How often each instance's /readyz is asked while PostgreSQL is away. */
const READY_POLL_MS = 50;
/** How long any one request may keep retrying before the run gives up on it. */
const ANSWER_DEADLINE_MS = 150_000;
/** The failures a PostgreSQL outage may cause: a 503 UNAVAILABLE from an instance, or haproxy's own while none is in. */
const OUTAGE_KINDS = new Set(['HTTP 503 UNAVAILABLE', 'HTTP 503 UNAVAILABLE from haproxy']);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const secondsBetween = (from, to) => ((to - from) / 1000).toFixed(1);

/** Until `condition()` holds, checking every `every` ms; throws once `deadline` passed, naming `what`. */
async function until(condition, what, deadline, every = 50) {
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${RECOVERY_DEADLINE_MS / 1000}s of the kill`);
    await pause(every);
  }
}

/**
 * Fills in `seen` for the instance on `seen.port` through the outage: when its /readyz first failed after the
 * kill, and when it first answered 200 to a probe sent after PostgreSQL accepted (`figures.acceptingAt`).
 */
async function readinessThrough(seen, figures, deadline) {
  const { port } = seen;
  await until(
    async () => {
      const sentAt = Date.now();
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (response) => (await response.arrayBuffer(), response.ok),
        () => false,
      );
      if (!ok) seen.notReadyAt ??= Date.now();
      if (ok && figures.acceptingAt !== undefined && sentAt >= figures.acceptingAt) seen.readyAt = Date.now();
      return seen.readyAt !== undefined;
    },
    `the instance on port ${port} answering /readyz 200`,
    deadline,
    READY_POLL_MS,
  );
}

/**
 * haproxy's view of server `name` through the outage: when it was first seen out (if the outage outlasted a check),
 * and when it was first seen in once its instance answered /readyz 200 again (`readyAt(name)`, undefined until then).
 */
async function haproxyThrough(haproxy, name, readyAt, deadline) {
  const seen = { outAt: undefined, inAt: undefined };
  await until(
    async () => {
      const row = (await haproxy.stat()).find((each) => each.pxname === 'instances' && each.svname === name);
      if (row?.status.startsWith('DOWN')) seen.outAt ??= Date.now();
      if (row?.status === 'UP' && readyAt() !== undefined) seen.inAt = Date.now();
      return seen.inAt !== undefined;
    },
    `haproxy taking ${name} back in`,
    deadline,
  );
  return seen;
}

/**
 * The disruption for runWorkload: the kill, the recovery as each instance and haproxy see it, the events probe, and
 * RECOVERED_WINDOW_ANSWERS more answers; `figures` is filled in as it goes.
 */
export function killPostgresMidRun({ haproxy, instances, seed }) {
  const figures = { pids: [], postmasterPid: seed.postmasterPid };
  const disrupt = async () => {
    while (tally.answered < WARM_UP_ANSWERS) await pause(50);
    figures.pids = instances.children.map((child) => child.pid);
    const accepting = untilDatabaseSays(seed.holder, (said) => said.postgres === 'accepting');
    figures.killedAt = Date.now();
    const deadline = figures.killedAt + RECOVERY_DEADLINE_MS;
    say(`kill -9 the PostgreSQL postmaster (pid ${seed.postmasterPid}); its supervisor starts it again on the same folder and port`);
    process.kill(seed.postmasterPid, 'SIGKILL');
    figures.instances = instances.ports.map((port) => ({ port, notReadyAt: undefined, readyAt: undefined }));
    const readiness = Promise.all(figures.instances.map((seen) => readinessThrough(seen, figures, deadline)));
    const rotation = Promise.all(figures.instances.map((seen, index) => haproxyThrough(haproxy, `i${index + 1}`, () => seen.readyAt, deadline)));
    const said = await accepting;
    figures.acceptingAt = said.at;
    figures.newPostmasterPid = said.pid;
    say(`PostgreSQL accepting again (pid ${said.pid}), ${secondsBetween(figures.killedAt, said.at)}s after the kill`);
    await readiness;
    figures.rotation = await rotation;
    figures.recoveredAt = Math.max(...figures.rotation.map((seen) => seen.inAt));
    say(
      `every instance ready ${secondsBetween(said.at, Math.max(...figures.instances.map((seen) => seen.readyAt)))}s after PostgreSQL accepted; all back in haproxy ${secondsBetween(said.at, figures.recoveredAt)}s after`,
    );
    figures.answeredAtRecovery = tally.answered;
    figures.events = await proveEventsCrossInstances({ ports: instances.ports, seed });
    await until(() => tally.answered >= figures.answeredAtRecovery + RECOVERED_WINDOW_ANSWERS, 'the window after recovery', Date.now() + RECOVERY_DEADLINE_MS);
    figures.windowEndAt = Date.now();
    figures.answeredAtWindowEnd = tally.answered;
  };
  return { disrupt, figures };
}

/**
 * The PostgreSQL-restart run for scripts/cluster.mjs: haproxy in front of the instances (all in before the
 * workload starts), the kill as the workload's disruption, and the bar it is held to.
 */
export async function postgresRestartRun(instances, scratch, seed) {
  const version = haproxyVersion();
  const haproxy = await startHaproxy(instances.ports, scratch);
  await Promise.all(instances.ports.map((_, index) => untilServer(haproxy, `i${index + 1}`, (status) => status === 'UP')));
  say(`${version} on http://127.0.0.1:${haproxy.port}: option httpchk GET /readyz, inter 1s fall 1 rise 2, retries 0, errorfile 503 (UNAVAILABLE)`);
  const { disrupt, figures } = killPostgresMidRun({ haproxy, instances, seed });
  let counts;
  return {
    port: haproxy.port,
    title: 'PostgreSQL restart behind haproxy (scripts/cluster.mjs --postgres-restart)',
    deadline: Date.now() + ANSWER_DEADLINE_MS,
    disrupt,
    problems: async () => {
      counts = await frontendCounts(haproxy);
      return restartProblems(figures, instances);
    },
    lines: () => restartLines(version, figures, counts, instances),
    close: () => undefined,
  };
}

/** The failures of the run split at recovery: those sent before every instance was back in haproxy, and after. */
function failuresAround(figures) {
  const during = tally.failures.filter((failure) => failure.sentAt < figures.recoveredAt);
  const after = tally.failures.filter((failure) => failure.sentAt >= figures.recoveredAt);
  const byKind = (failures) => {
    const counts = new Map();
    for (const failure of failures) counts.set(failure.kind, (counts.get(failure.kind) ?? 0) + 1);
    return [...counts].map(([kind, count]) => `${kind} ×${count}`);
  };
  return { during, after, byKind };
}

/**
 * The bar: every failure a 503 UNAVAILABLE (no 500, no connection refused or cut, no 503 without the code) and
 * none sent after recovery; the same instance processes throughout; the owner's socket closed only 1012 (the bus
 * reconnected: events may be missed) or 1000/1001.
 */
function restartProblems(figures, instances) {
  const problems = [];
  const { during, after, byKind } = failuresAround(figures);
  const unexpected = during.filter((failure) => !OUTAGE_KINDS.has(failure.kind));
  if (unexpected.length > 0) problems.push(`${unexpected.length} requests failed otherwise than 503 UNAVAILABLE: ${byKind(unexpected).join(', ')}`);
  if (after.length > 0) problems.push(`${after.length} requests sent after every instance was back in haproxy failed: ${byKind(after).join(', ')}`);
  const pids = instances.children.map((child) => child.pid);
  if (pids.join() !== figures.pids.join()) problems.push(`instance pids changed: ${figures.pids.join(', ')} → ${pids.join(', ')}`);
  for (const child of instances.children)
    if (child.exitCode !== null || child.signalCode !== null) problems.push(`instance pid ${child.pid} exited (${child.exitCode ?? child.signalCode})`);
  const closes = Object.keys(tally.wsLiveCloseCodes).filter((code) => !['1000', '1001', '1012'].includes(code));
  if (closes.length > 0) problems.push(`the owner's WebSocket closed with ${closes.join(', ')}, not 1012 (service restart), 1001 or 1000`);
  return problems;
}

function restartLines(version, figures, counts, instances) {
  const { during, after, byKind } = failuresAround(figures);
  const from = (at) => `${secondsBetween(figures.acceptingAt, at)}s`;
  return [
    `  ${version}: option httpchk GET /readyz, inter 1s fall 1 rise 2, retries 0, errorfile 503 (UNAVAILABLE, Retry-After: 1)`,
    `  instances: ${instances.ports.length}; PostgreSQL postmaster pid ${figures.postmasterPid} killed with SIGKILL, started again on the same data folder and port (pid ${figures.newPostmasterPid})`,
    `  PostgreSQL accepting again ${secondsBetween(figures.killedAt, figures.acceptingAt)}s after the kill (crash recovery included)`,
    ...figures.instances.map((seen, index) => {
      const rotation = figures.rotation[index];
      return (
        `    port ${seen.port}: /readyz failing ${seen.notReadyAt ? `${secondsBetween(figures.killedAt, seen.notReadyAt)}s` : 'never'} after the kill, ` +
        `out of haproxy ${rotation.outAt ? `at ${secondsBetween(figures.killedAt, rotation.outAt)}s` : 'never'}; ` +
        `/readyz 200 ${from(seen.readyAt)} after PostgreSQL accepted, back in haproxy ${from(rotation.inAt)} after`
      );
    }),
    `  every instance ready ${from(Math.max(...figures.instances.map((seen) => seen.readyAt)))} after PostgreSQL accepted; all back in haproxy ${from(figures.recoveredAt)} after`,
    `  instance pids unchanged: ${figures.pids.join(', ')}`,
    `  failed requests until every instance was back in: ${during.length} (${byKind(during).join(', ') || 'none'})`,
    `  failed requests after: ${after.length}; ${figures.answeredAtWindowEnd - figures.answeredAtRecovery} answered in the ${secondsBetween(figures.recoveredAt, figures.windowEndAt)}s after recovery, and the run went on`,
    `  events after recovery: ${figures.events.map((seen) => `port ${seen.port} saw a sign-off asked through ${seen.from} (${seen.ms} ms)`).join('; ')}`,
    `  longest a retried request took to be answered: ${(tally.longestRetried.ms / 1000).toFixed(1)}s (${tally.longestRetried.kinds.join(', then ') || 'none retried'})`,
    `  haproxy frontend: ${counts.requests} requests, ${counts.answered5xx} answered 5xx`,
    `  failed requests: ${tally.failed} of ${tally.requestsSent} sent`,
  ];
}
