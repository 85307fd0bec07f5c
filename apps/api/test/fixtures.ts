import { DEFAULT_POOL_MAX } from '../src/platform/config/pool-settings.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject, test } from 'vitest';
import type { Config } from '../src/platform/config/config.js';
import { DEFAULT_CONNECTION_LIMITS } from '../src/platform/config/connection-limits.js';
import { DEFAULT_SESSION_BOUNDS, openDatabase, type Database } from '../src/platform/db/database.js';
import { DEFAULT_ROW_LIMITS } from '../src/platform/lib/row-limits.js';
import { EventBus } from '../src/platform/events/bus.js';
import { createLogger } from '../src/platform/logger.js';
import { TestApi } from './testkit.js';
import { spawnApi } from './spawn-api.js';

/** Quiet unless LOG_LEVEL asks for more. */
export const testLog = createLogger(process.env.LOG_LEVEL ?? 'silent');

/** Connection string of one database on the test server. */
export function databaseUrl(database: string): string {
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A database with nothing in it, not even the migrations table: what a first start or `countersign migrate` finds. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `countersign_empty_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    drop: () => dropDatabase(name),
  };
}

/** A fresh database cloned from the migrated template; dropped afterwards. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `countersign_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    // Cloning needs the template to itself: serialise clones across workers.
    await admin.query('SELECT pg_advisory_lock(7170)');
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: databaseUrl(name),
    drop: () => dropDatabase(name),
  };
}

/**
 * The race tests release dozens of one agent's requests at once to find
 * windows in the database's rules; the per-principal bound (8 by default)
 * would refuse most of them before they race. Tests of the bound set it low.
 */
export const RACE_TEST_CONCURRENCY = 256;

/**
 * Every test client connects from 127.0.0.1, so the per-client share would
 * be the whole instance's: it is set to the instance cap (off), as behind a
 * proxy. Tests of the share set it low.
 */
export const TEST_CONNECTION_LIMITS = { ...DEFAULT_CONNECTION_LIMITS, maxConnectionsPerClient: DEFAULT_CONNECTION_LIMITS.maxConnections };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '',
    production: false,
    logLevel: 'silent',
    consoleDir: undefined,
    idempotencyLeaseMs: 30_000,
    connections: TEST_CONNECTION_LIMITS,
    trustedProxies: ['loopback'],
    maxConcurrentPerPrincipal: RACE_TEST_CONCURRENCY,
    databaseBounds: DEFAULT_SESSION_BOUNDS,
    pool: { max: DEFAULT_POOL_MAX, budgetCheck: 'warn' },
    // A fixed key: tests read what an instance sealed from another instance, as production does.
    secretKey: Buffer.alloc(32, 7),
    publicUrl: 'http://127.0.0.1',
    // Retries come quickly in tests; the lease stays the production one (tests that need a crashed worker's row back shorten it).
    delivery: { leaseMs: 30_000, retryBaseMs: 100, pollMs: 200, timeoutMs: 10_000 },
    mail: undefined,
    workers: 1,
    // No drain: a test's stop is immediate, as outside production.
    shutdown: { drainMs: 0, graceMs: 25_000 },
    limits: DEFAULT_ROW_LIMITS,
    migrations: { onStart: true, statementTimeoutMs: undefined },
    ...overrides,
  };
}

/** `dbTest` hands each test a real, migrated PostgreSQL database of its own. */
export const dbTest = test.extend<{ database: Database }>({
  // eslint-disable-next-line no-empty-pattern -- vitest finds a fixture's dependencies by reading its first parameter, which must be a destructuring; this one has none
  database: async ({}, use) => {
    const created = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: created.url, dataDir: '', log: testLog, runMigrations: false });
    await use(database);
    await database.close();
    await created.drop();
  },
});

/** `apiTest` adds a running API instance (HTTP + WebSocket) on that database. */
export const apiTest = dbTest.extend<{ api: TestApi }>({
  api: async ({ database }, use) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig(), db: database, bus, log: testLog });
    await use(new TestApi(server.url, database, bus));
    await server.close();
    await bus.stop();
  },
});
