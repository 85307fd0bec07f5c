/**
 * How many rows an owner, tenant or agent may make, so that no principal
 * fills the database or makes every list of it slow (docs/errors.md,
 * LIMIT_REACHED; SECURITY.md). Read once at start from the environment.
 */
export interface RowLimits {
  /** Live repositories per owner; the next is LimitReached. `COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER`. */
  repositoriesPerOwner: number;
  /** Live defined operation names per tenant; a new name past it is LimitReached. `COUNTERSIGN_MAX_OPERATIONS_PER_TENANT`. */
  operationsPerTenant: number;
  /** Manifest versions one agent may publish in any hour; the next is RATE_LIMITED. `COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR`. */
  publishesPerAgentPerHour: number;
  /** Manifest names per tenant (versions are never deleted); a version of a new name past it is LimitReached. `COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT`. */
  manifestNamesPerTenant: number;
}

/** The defaults: far above what a real owner makes, far below what slows a list or a count. */
export const DEFAULT_ROW_LIMITS: RowLimits = {
  repositoriesPerOwner: 1000,
  operationsPerTenant: 200,
  publishesPerAgentPerHour: 600,
  manifestNamesPerTenant: 1000,
};

const SETTINGS: Record<keyof RowLimits, string> = {
  repositoriesPerOwner: 'COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER',
  operationsPerTenant: 'COUNTERSIGN_MAX_OPERATIONS_PER_TENANT',
  publishesPerAgentPerHour: 'COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR',
  manifestNamesPerTenant: 'COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT',
};

/** A cap past which counting it under a lock would itself be the slow part. */
const CEILING = 1_000_000;

/** The limits the environment sets, each a whole number from 1 to 1,000,000; a bad value stops the start with a message naming it. */
export function readRowLimits(env: NodeJS.ProcessEnv): RowLimits {
  const limits = { ...DEFAULT_ROW_LIMITS };
  for (const key of Object.keys(SETTINGS) as (keyof RowLimits)[]) {
    const raw = env[SETTINGS[key]];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1 || value > CEILING) throw new Error(`${SETTINGS[key]} must be a whole number from 1 to ${CEILING}, got ${raw}`);
    limits[key] = value;
  }
  return limits;
}
