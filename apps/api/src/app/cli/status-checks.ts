import type { DatabaseStatus } from './status.js';
import { HEARTBEAT_STALE_AFTER_SECONDS } from '../../jobs/heartbeats/heartbeat.js';

/** `--max-outbox-age-seconds` when not given: a healthy outbox delivers within seconds, so five minutes is a backlog, not a burst. */
export const DEFAULT_MAX_OUTBOX_AGE_SECONDS = 300;

/** What makes `countersign status` exit 1; closed, so a script can match on it in `--json`'s `problems`. */
export type StatusProblemCode = 'NO_INSTANCE_ALIVE' | 'MIGRATIONS_PENDING' | 'OUTBOX_TOO_OLD';

export interface StatusProblem {
  code: StatusProblemCode;
  /** For people: what failed, with the figures. */
  message: string;
}

/**
 * The conditions an operator's script or probe acts on, in the order
 * they are usually fixed: nothing serving, a database behind the code, a
 * delivery backlog older than `maxOutboxAgeSeconds`. Empty when all hold.
 */
export function statusProblems(status: DatabaseStatus, maxOutboxAgeSeconds: number): StatusProblem[] {
  const problems: StatusProblem[] = [];
  if (status.instances === null) problems.push({ code: 'NO_INSTANCE_ALIVE', message: 'no instance is known alive (the heartbeat migration is pending)' });
  else if (status.instances.length === 0)
    problems.push({ code: 'NO_INSTANCE_ALIVE', message: `no instance is alive (none has a heartbeat from the last ${HEARTBEAT_STALE_AFTER_SECONDS} s)` });
  const { pending } = status.migrations;
  if (pending.length > 0)
    problems.push({ code: 'MIGRATIONS_PENDING', message: `${pending.length} migration${pending.length === 1 ? '' : 's'} pending: ${pending.join(', ')}` });
  const oldest = status.outbox.reduce<DatabaseStatus['outbox'][number] | undefined>(
    (found, row) => (found === undefined || row.oldestAgeSeconds > found.oldestAgeSeconds ? row : found),
    undefined,
  );
  if (oldest !== undefined && oldest.oldestAgeSeconds > maxOutboxAgeSeconds)
    problems.push({
      code: 'OUTBOX_TOO_OLD',
      message: `the outbox's oldest item (${oldest.channel}) is ${Math.floor(oldest.oldestAgeSeconds)} s old, over --max-outbox-age-seconds ${maxOutboxAgeSeconds}`,
    });
  return problems;
}

/** The problems as the last lines of the terminal report. */
export function formatProblems(problems: StatusProblem[]): string {
  if (problems.length === 0) return 'problems: none\n';
  return problems.map((problem) => `problem ${problem.code}: ${problem.message}\n`).join('');
}
