import { positiveMs } from './milliseconds.js';

/** When and how the schema is migrated (docs/deploy.md, "Migrations"). */
export interface MigrationSettings {
  /**
   * The server applies pending migrations as it starts (COUNTERSIGN_MIGRATE_ON_START, default on).
   * Off: an operator runs `countersign migrate` first, and a server finding migrations pending refuses to start.
   */
  onStart: boolean;
  /** COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS; unset, no bound (a request's statement bound does not apply). */
  statementTimeoutMs: number | undefined;
}

export function readMigrationSettings(env: NodeJS.ProcessEnv): MigrationSettings {
  const onStart = env.COUNTERSIGN_MIGRATE_ON_START;
  if (onStart !== undefined && onStart !== '' && onStart !== 'on' && onStart !== 'off')
    throw new Error(`COUNTERSIGN_MIGRATE_ON_START must be on or off, got ${onStart}`);
  const timeout = positiveMs(env, 'COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS', 0);
  return { onStart: onStart !== 'off', statementTimeoutMs: timeout === 0 ? undefined : timeout };
}
