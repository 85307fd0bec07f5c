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

/** The crash run's own lines: how it was set up and what its balancer in this process saw. */
export function crashRunLines(stats) {
  return [
    `  instances: ${INSTANCES} (one SIGKILLed at ${(KILL_AT_MS / 1000).toFixed(0)}s), load balancer: round robin, passive health check`,
    `  workload: ${WORKLOAD_MS / 1000}s, ${AGENTS} agents, 1 owner over graphql-ws`,
    `  balancer: ${stats.proxied} proxied, ${stats.refusedBackends} backend failures marked down, ${stats.midRequestFailures} mid-request failures, ${stats.upgrades} WebSocket upgrades`,
  ];
}

/**
 * Prints the report: `title` names the run, `setup` is its own lines (crashRunLines, or the rolling restart's),
 * `signOffNotes` what explains its sign-off figures, `checked` what checkRun resolved with, `before` the ledger before the workload.
 */
export function printReport({ title, setup, signOffNotes = [], before, checked }) {
  const { problems, after, receiptsTotal, states, outbox, status, audited } = checked;
  const lines = [
    '',
    title,
    ...setup,
    ...trafficLines(),
    `  draws: ${tally.draws.succeeded} answered (${tally.draws.replayed} of them replays of a lost answer), ${receiptsTotal} receipts`,
    `  sign-offs: ${tally.signOffs.asked.size} asked, ${tally.signOffs.decided.size} decided by the owner (${tally.signOffs.closedAnswers} retries found it already decided), ${audited} decided in the database`,
    ...signOffNotes,
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

function trafficLines() {
  const errors = Object.entries(tally.errorsByKind);
  const codes = Object.entries(tally.wsCloseCodes).map(([code, count]) => `${code} ×${count}`);
  return [
    `  requests sent (retries included): ${tally.requestsSent}, failed (no answer or 5xx): ${tally.failed}, answered: ${tally.answered}, retries: ${tally.retries}`,
    `  errors by kind: ${errors.length === 0 ? 'none' : errors.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`,
    `  WebSocket: ${tally.wsConnects} connections (${Math.max(0, tally.wsConnects - 1)} reconnects), ${tally.wsCloses} closes${codes.length ? ` (codes: ${codes.join(', ')})` : ''}, ${tally.signOffs.resyncs} pending re-reads`,
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
