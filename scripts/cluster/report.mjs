// What a cluster run prints: a line as each phase starts, and at the end
// the report of what the clients saw and what the checks found.
import { tally } from './client.mjs';
import { logged } from './processes.mjs';
import { AGENTS, INSTANCES, KILL_AT_MS, WORKLOAD_MS } from './settings.mjs';

const started = Date.now();
/** Seconds since the run started, as the report prints them. */
export const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
/** Prints one progress line, stamped with the time into the run. */
export const say = (line) => process.stdout.write(`[cluster ${elapsed()}] ${line}\n`);

const indent = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`);

/** Prints the report: `checked` is what checkRun resolved with, `before` the ledger before the workload. */
export function printReport({ balancer, before, checked }) {
  const { problems, after, receiptsTotal, states, outbox, status, audited } = checked;
  const lines = [
    '',
    'Cluster run (scripts/cluster.mjs)',
    `  instances: ${INSTANCES} (one SIGKILLed at ${(KILL_AT_MS / 1000).toFixed(0)}s), load balancer: round robin, passive health check`,
    `  workload: ${WORKLOAD_MS / 1000}s, ${AGENTS} agents, 1 owner over graphql-ws`,
    ...trafficLines(balancer.stats),
    `  draws: ${tally.draws.succeeded} answered (${tally.draws.replayed} of them replays of a lost answer), ${receiptsTotal} receipts`,
    `  sign-offs: ${tally.signOffs.asked.size} asked, ${tally.signOffs.decided.size} decided by the owner (${tally.signOffs.closedAnswers} retries found it already decided), ${audited} decided in the database`,
    '    (an approval whose deed the killed instance left unfinished stays APPROVED until a sweep settles it)',
    `  sign-offs by state: ${states.map((row) => `${row.state} ${row.count}`).join(', ')}`,
    `  outbox: ${outbox.atEnd} due and undelivered when the workload ended; ${outbox.left === 0 ? `drained in ${outbox.seconds}s` : `${outbox.left} still undelivered after ${outbox.seconds}s`}`,
    ...ledgerLines(before, after, problems),
    `  instance logs (warnings and errors, by message): ${logged.size === 0 ? 'none' : ''}`,
    ...[...logged]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([message, count]) => `    ${message} ×${count}`),
    '  pnpm countersign status, after the run:',
    ...indent(status.out),
    `  total time: ${elapsed()}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

function trafficLines(stats) {
  const errors = Object.entries(tally.errorsByKind);
  return [
    `  requests sent (retries included): ${tally.requestsSent}, answered: ${tally.answered}, retries: ${tally.retries}`,
    `  errors by kind: ${errors.length === 0 ? 'none' : errors.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`,
    `  balancer: ${stats.proxied} proxied, ${stats.refusedBackends} backend failures marked down, ${stats.midRequestFailures} mid-request failures, ${stats.upgrades} WebSocket upgrades`,
    `  WebSocket: ${tally.wsConnects} connections (${Math.max(0, tally.wsConnects - 1)} reconnects), ${tally.wsCloses} closes, ${tally.signOffs.resyncs} pending re-reads`,
  ];
}

function ledgerLines(before, after, problems) {
  return [
    '  ledger, per authority (before → after: receipts sum = drawn = clients counted):',
    ...after.map((row) => {
      const was = before.find((old) => old.id === row.id);
      return `    ${row.id.slice(0, 8)}  ${was?.receipts ?? 0} → ${row.receipts} = ${row.drawn} = ${tally.draws.tokensCounted.get(row.id) ?? 0}`;
    }),
    `  ledger check: ${problems.length === 0 ? 'OK (nothing lost, nothing counted twice, every sign-off decided exactly once)' : 'FAILED'}`,
    ...problems.map((problem) => `    ${problem}`),
  ];
}
