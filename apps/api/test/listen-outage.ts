import { createServer, connect, type Socket } from 'node:net';
import pg from 'pg';
import { waitFor } from './testkit.js';

/**
 * A TCP relay to PostgreSQL for an EventBus, so a test can take the bus's
 * LISTEN connection away and keep it away as long as it needs: `cut()`
 * terminates the LISTEN backend (`pg_terminate_backend`, as an operator or a
 * failover would) and refuses reconnections until `restore()`. Everything
 * else (the API's pool) reaches the database directly.
 */
export interface ListenOutage {
  /** The connection string to give the EventBus. */
  url: string;
  cut(): Promise<void>;
  restore(): void;
  /** Resolves once a LISTEN backend serves the database again. */
  listening(): Promise<void>;
  close(): Promise<void>;
}

export async function startListenOutage(databaseUrl: string): Promise<ListenOutage> {
  const target = new URL(databaseUrl);
  let refusing = false;
  const open = new Set<Socket>();
  const relay = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.on('close', () => open.delete(from));
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
      from.pipe(to);
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as { port: number }).port);

  const listenBackends = async (): Promise<number[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };

  return {
    url: url.toString(),
    cut: async () => {
      refusing = true;
      const pids = await listenBackends();
      if (pids.length === 0) throw new Error('no LISTEN backend to terminate');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      await client.end();
      await waitFor(async () => (await listenBackends()).length === 0);
    },
    restore: () => {
      refusing = false;
    },
    listening: () => waitFor(async () => (await listenBackends()).length > 0),
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
