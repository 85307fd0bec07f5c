import { PROCESS_INSTANCE_ID } from '../process-identity.js';

/**
 * What a connection is for: the main pool (Prisma and plain reads), the pool
 * of idempotent writes, the event bus's LISTEN, and anything else the
 * process opens (a start's checks, the embedded server's set-up).
 */
export type ConnectionRole = 'pool' | 'writes' | 'listen' | 'other';

/** PostgreSQL keeps the first 63 bytes of an `application_name` (NAMEDATALEN - 1). */
const MAX_NAME_BYTES = 63;
/** The instance id as `countersign status` prints it: its first 8 characters, leaving room for the rest of the name. */
const SHORT_ID = PROCESS_INSTANCE_ID.slice(0, 8);

/** Which process of an instance this is: `single` (no cluster), `primary`, `w<slot>` (a worker), or `cli:<command>`. */
let processLabel = 'single';

/**
 * Names every connection this process opens from here on, so that
 * `pg_stat_activity` (and PgBouncer's `SHOW CLIENTS`) says which instance,
 * which of its processes and which pool holds each one:
 * `countersign/<instance id>/<process>/<role>`, the instance id as
 * `countersign status` prints it (its heartbeat's, shortened). Called once, by the entry point,
 * before any connection opens. `PGAPPNAME` covers the clients opened outside
 * the pools (node-postgres reads it when a client is given no name).
 */
export function nameConnections(label: string): void {
  processLabel = label;
  process.env.PGAPPNAME = applicationName('other');
}

export function applicationName(role: ConnectionRole): string {
  const name = `countersign/${SHORT_ID}/${processLabel}/${role}`;
  // Cut here rather than by the server, so the name a test or a script expects is the one PostgreSQL shows.
  return Buffer.byteLength(name) <= MAX_NAME_BYTES
    ? name
    : Buffer.from(name)
        .subarray(0, MAX_NAME_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
}
