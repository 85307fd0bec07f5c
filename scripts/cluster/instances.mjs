// PostgreSQL and the API instances on it, as docs/deploy.md runs them: one
// database, migrated once, and identical instances on loopback ports.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { startTs } from './processes.mjs';
import { say } from './report.mjs';
import { AGENTS, INSTANCES } from './settings.mjs';

const READY_POLL_MS = 100;

/**
 * Starts the embedded PostgreSQL in `scratch`, migrated and seeded (apps/api/bench/cluster-db.ts); resolves with
 * what it seeded (its URL, the postmaster's pid, the owner's token, the agents) and `holder`, the process holding it.
 */
export async function startDatabase(scratch) {
  const { child, match } = await startTs('bench/cluster-db.ts', [path.join(scratch, 'data'), String(AGENTS)], {}, /^(\{"url".*\})\n/m);
  return { ...JSON.parse(match[1]), holder: child };
}

/** Resolves with the next JSON line the database's holder prints that `wanted` accepts ({"postgres":"accepting",…}). */
export function untilDatabaseSays(holder, wanted) {
  return new Promise((resolve) => {
    let rest = '';
    const onData = (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const said = line.startsWith('{') ? JSON.parse(line) : undefined;
        if (said && wanted(said)) {
          holder.stdout.off('data', onData);
          resolve(said);
          return;
        }
      }
    };
    holder.stdout.on('data', onData);
  });
}

/**
 * Starts INSTANCES API processes on `databaseUrl`, each on a free port, with `settings` added to their
 * environment; resolves once every one answers /readyz, with `restartOn(port)` to start another in one's place.
 */
export async function startInstances(databaseUrl, settings = {}) {
  const secretKey = randomBytes(32).toString('base64');
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  say(`starting ${INSTANCES} API instances on 127.0.0.1:${ports.join(', ')}`);
  const start = (port) => startInstance(databaseUrl, port, secretKey, settings);
  const children = await Promise.all(ports.map(start));
  return { ports, children, restartOn: start };
}

async function startInstance(databaseUrl, port, secretKey, settings) {
  const env = {
    ...settings,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    NODE_ENV: 'test',
    COUNTERSIGN_WORKERS: '1',
    // One sealing key for every instance: each reads what another sealed (docs/deploy.md).
    COUNTERSIGN_SECRET_KEY: secretKey,
    // The balancer is the client's only peer: X-Forwarded-For is believed from loopback.
    COUNTERSIGN_TRUSTED_PROXIES: '127.0.0.1',
    // All the clients are this process, on one address: the per-client connection share is the instance's.
    COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT: '1000',
  };
  const { child } = await startTs('src/app/main.ts', [], env, /Countersign is running at/);
  await untilReady(child, port);
  return child;
}

/** Polls the instance's /readyz until it answers 200: listening is not yet ready (its database pool may not be). */
async function untilReady(child, port) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the instance on port ${port} exited before /readyz answered`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
