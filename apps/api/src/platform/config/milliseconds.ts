export const MAX_MS = 2_147_483_647;

/** A whole number of milliseconds from a setting, or `fallback` when it is unset or empty. */
export function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  // Capped where Node's timers and PostgreSQL's timeouts (32-bit) stop meaning what they say.
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_MS) throw new Error(`${name} must be a whole number of milliseconds from 1 to ${MAX_MS}, got ${raw}`);
  return value;
}
