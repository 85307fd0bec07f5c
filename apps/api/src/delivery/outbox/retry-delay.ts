/**
 * The wait before attempt `attempt + 1`: exponential from `baseMs` (doubling,
 * capped at an hour), with jitter over its upper half so instances retrying
 * the same endpoint spread out. With the default base the first retry comes
 * within 5 s.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30), 3_600_000);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
