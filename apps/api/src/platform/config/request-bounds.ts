/*
 * Per-principal bounds on work in flight as settings: defaults and
 * environment readers, kept with the configuration so that reading them needs
 * nothing from http/ (which enforces them: principal-concurrency.ts, mcp-waits.ts).
 */

/** Requests one principal may have in flight per process, unless COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL says otherwise. */
export const DEFAULT_MAX_CONCURRENT_PER_PRINCIPAL = 8;

/** COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL: a positive integer. */
export function readMaxConcurrentPerPrincipal(env: NodeJS.ProcessEnv): number {
  const raw = env.COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL;
  if (raw === undefined || raw === '') return DEFAULT_MAX_CONCURRENT_PER_PRINCIPAL;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL must be a positive integer, got ${raw}`);
  return value;
}

/** Waits one agent may have open on `/mcp` per process, unless COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT says otherwise. */
export const DEFAULT_MCP_MAX_WAITS_PER_AGENT = 20;

/** COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT: a positive integer. */
export function readMcpMaxWaitsPerAgent(env: NodeJS.ProcessEnv): number {
  const raw = env.COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT;
  if (raw === undefined || raw === '') return DEFAULT_MCP_MAX_WAITS_PER_AGENT;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT must be a positive integer, got ${raw}`);
  return value;
}
