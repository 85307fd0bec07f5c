/**
 * Measuring drivers that are to be compared with each other: in turns of a
 * fraction of a second each, not one run of several seconds after another.
 * The machine is shared (other processes' load comes and goes within
 * seconds), so back-to-back runs would charge one driver with a burst the
 * other never saw; taking turns, each sees the same minute.
 */

/** What a driver did in a measurement: reads per second, the median latency, and this process's CPU per read. */
export interface Run {
  perSecond: number;
  p50Ms: number;
  /**
   * User and system CPU of the measuring process per read (µs), which the load of other processes
   * affects far less than it does time: what a driver costs on the client side, the database's work apart.
   */
  cpuUs: number;
}

const TURN_MS = 250;

/**
 * `clients` loops call one driver for a turn, then the next driver has its
 * turn, until each has had `seconds`. The order rotates every turn, so no
 * driver always follows the same one. A turn's time runs until its last
 * read answers, so a read still in flight at the turn's end is counted
 * against the time it took.
 */
export async function measureInTurns<K extends string>(drivers: Record<K, () => Promise<unknown>>, seconds: number, clients: number): Promise<Record<K, Run>> {
  const keys = Object.keys(drivers) as K[];
  const taken = new Map(keys.map((key) => [key, { latencies: [] as number[], ms: 0, cpuUs: 0 }]));
  const turns = Math.max(1, Math.round((seconds * 1000) / TURN_MS));
  for (let turn = 0; turn < turns; turn++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(turn + i) % keys.length]!;
      const tally = taken.get(key)!;
      const start = performance.now();
      const cpu = process.cpuUsage();
      await Promise.all(Array.from({ length: clients }, () => loop(drivers[key], start + TURN_MS, tally.latencies)));
      tally.ms += performance.now() - start;
      const used = process.cpuUsage(cpu);
      tally.cpuUs += used.user + used.system;
    }
  }
  return Object.fromEntries(
    keys.map((key) => {
      const { latencies, ms, cpuUs } = taken.get(key)!;
      latencies.sort((a, b) => a - b);
      const p50Ms = latencies[Math.floor(latencies.length / 2)] ?? 0;
      return [key, { perSecond: latencies.length / (ms / 1000), p50Ms, cpuUs: cpuUs / Math.max(1, latencies.length) }];
    }),
  ) as Record<K, Run>;
}

async function loop(read: () => Promise<unknown>, until: number, latencies: number[]): Promise<void> {
  while (performance.now() < until) {
    const start = performance.now();
    await read();
    latencies.push(performance.now() - start);
  }
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
