import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { finished } from '../../../test/processes.js';
import { loadConfig } from './config.js';
import { DEFAULT_CONNECTION_LIMITS } from './connection-limits.js';
import { DEFAULT_SESSION_BOUNDS } from '../db/database.js';
import { launchApi } from '../../../test/spawn-api.js';

// A folder without a `.env`, so only the variables each test gives are read.
const cwd = mkdtempSync(path.join(tmpdir(), 'countersign-config-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ ...env }, cwd);

describe('the configuration', () => {
  test('starts from defaults when nothing is set, and counts an empty variable as unset', () => {
    const empty = {
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      COUNTERSIGN_DATA_DIR: '',
      LOG_LEVEL: '',
      COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '',
      COUNTERSIGN_DB_LOCK_TIMEOUT_MS: '',
      COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS: '',
      COUNTERSIGN_WORKERS: '',
      COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT: '',
    };
    for (const env of [{}, empty]) {
      expect(load(env)).toMatchObject({
        port: 4000,
        host: '127.0.0.1',
        databaseUrl: undefined,
        dataDir: path.join(cwd, '.countersign'),
        production: false,
        logLevel: 'info',
        idempotencyLeaseMs: 30_000,
        connections: DEFAULT_CONNECTION_LIMITS,
        maxConcurrentPerPrincipal: expect.any(Number) as number,
        mcpMaxWaitsPerAgent: 20,
        databaseBounds: DEFAULT_SESSION_BOUNDS,
        workers: 1,
      });
    }
  });

  test('runs one API process per CPU in production by default, one elsewhere, and what COUNTERSIGN_WORKERS says when set', () => {
    expect(load({ NODE_ENV: 'production' }).workers).toBe(Math.min(availableParallelism(), 64));
    expect(load({ NODE_ENV: 'test' }).workers).toBe(1);
    expect(load({ NODE_ENV: 'production', COUNTERSIGN_WORKERS: '1' }).workers).toBe(1);
    expect(load({ COUNTERSIGN_WORKERS: '64' }).workers).toBe(64);
  });

  test('drains 5 s on SIGTERM in production by default and not at all elsewhere, then gives requests 25 s; what the settings say when set', () => {
    expect(load({ NODE_ENV: 'production' }).shutdown).toEqual({ drainMs: 5000, graceMs: 25_000 });
    expect(load({ NODE_ENV: 'test' }).shutdown).toEqual({ drainMs: 0, graceMs: 25_000 });
    expect(load({ COUNTERSIGN_SHUTDOWN_DRAIN_MS: '', COUNTERSIGN_SHUTDOWN_GRACE_MS: '' }).shutdown).toEqual({ drainMs: 0, graceMs: 25_000 });
    expect(load({ NODE_ENV: 'production', COUNTERSIGN_SHUTDOWN_DRAIN_MS: '0', COUNTERSIGN_SHUTDOWN_GRACE_MS: '1' }).shutdown).toEqual({
      drainMs: 0,
      graceMs: 1,
    });
    expect(load({ COUNTERSIGN_SHUTDOWN_DRAIN_MS: '12000', COUNTERSIGN_SHUTDOWN_GRACE_MS: '60000' }).shutdown).toEqual({ drainMs: 12_000, graceMs: 60_000 });
  });

  test("sizes each process's pool 20 alone and a share of 20 (at least 5) per worker, unless COUNTERSIGN_DB_POOL_MAX says; warns on the budget by default", () => {
    expect(load({}).pool).toEqual({ max: 20, budgetCheck: 'warn' });
    expect([2, 3, 4, 8].map((workers) => load({ COUNTERSIGN_WORKERS: String(workers) }).pool.max)).toEqual([10, 7, 5, 5]);
    expect(load({ COUNTERSIGN_WORKERS: '8', COUNTERSIGN_DB_POOL_MAX: '3', COUNTERSIGN_DB_BUDGET_CHECK: 'REFUSE' }).pool).toEqual({
      max: 3,
      budgetCheck: 'refuse',
    });
    expect(load({ COUNTERSIGN_DB_POOL_MAX: '', COUNTERSIGN_DB_BUDGET_CHECK: 'off' }).pool).toEqual({ max: 20, budgetCheck: 'off' });
    for (const value of ['1', '1001', '2.5', 'ten', '-4'])
      expect(() => load({ COUNTERSIGN_DB_POOL_MAX: value })).toThrow(
        `COUNTERSIGN_DB_POOL_MAX must be a whole number of connections from 2 to 1000 (each process's pool), got ${value}`,
      );
    expect(() => load({ COUNTERSIGN_DB_BUDGET_CHECK: 'strict' })).toThrow('COUNTERSIGN_DB_BUDGET_CHECK must be one of warn, refuse, off, got strict');
  });

  test('reads every variable it is given', () => {
    expect(
      load({
        PORT: '0',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgresql://user:secret@db.internal:5432/countersign',
        INIT_CWD: '/srv',
        COUNTERSIGN_DATA_DIR: 'state',
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '45000',
        COUNTERSIGN_DB_LOCK_TIMEOUT_MS: '250',
        COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS: '9000',
        COUNTERSIGN_MAX_CONNECTIONS: '12',
        COUNTERSIGN_TRUSTED_PROXIES: '10.0.0.0/8',
        COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL: '3',
        COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT: '5',
        COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
        COUNTERSIGN_PUBLIC_URL: 'https://countersign.example.com/',
        COUNTERSIGN_DELIVERY_LEASE_MS: '20000',
        COUNTERSIGN_DELIVERY_RETRY_BASE_MS: '2000',
        COUNTERSIGN_DELIVERY_POLL_MS: '500',
        COUNTERSIGN_DELIVERY_TIMEOUT_MS: '8000',
        SMTP_URL: 'smtp://mailer:secret@mail.internal:587',
        MAIL_FROM: 'Countersign <countersign@example.com>',
        COUNTERSIGN_WORKERS: '3',
      }),
    ).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://user:secret@db.internal:5432/countersign',
      dataDir: '/srv/state',
      production: true,
      logLevel: 'debug',
      idempotencyLeaseMs: 45_000,
      databaseBounds: { lockTimeoutMs: 250, statementTimeoutMs: 9000 },
      connections: { maxConnections: 12 },
      trustedProxies: ['10.0.0.0/8'],
      maxConcurrentPerPrincipal: 3,
      mcpMaxWaitsPerAgent: 5,
      secretKey: Buffer.alloc(32, 1),
      publicUrl: 'https://countersign.example.com',
      delivery: { leaseMs: 20_000, retryBaseMs: 2000, pollMs: 500, timeoutMs: 8000 },
      mail: { smtpUrl: 'smtp://mailer:secret@mail.internal:587', from: 'Countersign <countersign@example.com>' },
      workers: 3,
    });
  });

  test('requires COUNTERSIGN_SECRET_KEY in production on an external database, without repeating a wrong one', () => {
    const external = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://user:secret@db.internal:5432/countersign' };
    expect(() => load(external)).toThrow('COUNTERSIGN_SECRET_KEY must be set in production with DATABASE_URL');
    expect(() => load({ ...external, COUNTERSIGN_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/^COUNTERSIGN_SECRET_KEY must be 32 random bytes, base64/);
    expect(() => load({ ...external, COUNTERSIGN_SECRET_KEY: 'c2hvcnQ=' })).not.toThrow(/c2hvcnQ/);
    // The embedded database keeps a generated key beside its data (sealed.ts); so does development.
    expect(load({ NODE_ENV: 'production' }).secretKey).toBeUndefined();
    expect(load({}).publicUrl).toBe('http://127.0.0.1:4000');
  });

  test.each([
    ['PORT', 'abc', 'PORT must be a port number from 0 to 65535, got abc'],
    ['PORT', '40o0', 'PORT must be a port number from 0 to 65535, got 40o0'],
    ['PORT', '65536', 'PORT must be a port number from 0 to 65535, got 65536'],
    ['PORT', '-1', 'PORT must be a port number from 0 to 65535, got -1'],
    ['HOST', 'local host', 'HOST must be an address or host name to listen on, without spaces, got "local host"'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got verbose'],
    ['COUNTERSIGN_IDEMPOTENCY_LEASE_MS', '30s', 'COUNTERSIGN_IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 30s'],
    ['COUNTERSIGN_IDEMPOTENCY_LEASE_MS', '0', 'COUNTERSIGN_IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 0'],
    ['COUNTERSIGN_IDEMPOTENCY_LEASE_MS', '1.5', 'COUNTERSIGN_IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 1.5'],
    [
      'COUNTERSIGN_IDEMPOTENCY_LEASE_MS',
      '2147483648',
      'COUNTERSIGN_IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 2147483648',
    ],
    ['COUNTERSIGN_SHUTDOWN_DRAIN_MS', '5s', 'COUNTERSIGN_SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 2147483647, got 5s'],
    ['COUNTERSIGN_SHUTDOWN_DRAIN_MS', '-1', 'COUNTERSIGN_SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 2147483647, got -1'],
    [
      'COUNTERSIGN_SHUTDOWN_DRAIN_MS',
      '2147483648',
      'COUNTERSIGN_SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 2147483647, got 2147483648',
    ],
    ['COUNTERSIGN_SHUTDOWN_GRACE_MS', '0', 'COUNTERSIGN_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1 to 2147483647, got 0'],
    ['COUNTERSIGN_SHUTDOWN_GRACE_MS', '2.5', 'COUNTERSIGN_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1 to 2147483647, got 2.5'],
    ['COUNTERSIGN_DB_LOCK_TIMEOUT_MS', '-5', 'COUNTERSIGN_DB_LOCK_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647, got -5'],
    ['COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS', '1e3', 'COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647, got 1e3'],
    ['COUNTERSIGN_MAX_CONNECTIONS', 'many', 'COUNTERSIGN_MAX_CONNECTIONS must be a positive integer, got many'],
    ['COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL', '0', 'COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL must be a positive integer, got 0'],
    ['COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT', '0', 'COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT must be a positive integer, got 0'],
    ['COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT', '2.5', 'COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT must be a positive integer, got 2.5'],
    ['COUNTERSIGN_TRUSTED_PROXIES', 'proxy', 'COUNTERSIGN_TRUSTED_PROXIES: "proxy" is not an IP address'],
    ['COUNTERSIGN_PUBLIC_URL', 'ftp://x', 'COUNTERSIGN_PUBLIC_URL must be an http(s) address without credentials, query or fragment, got ftp://x'],
    ['COUNTERSIGN_PUBLIC_URL', 'https://u:p@x', 'COUNTERSIGN_PUBLIC_URL must be an http(s) address without credentials'],
    ['COUNTERSIGN_DELIVERY_LEASE_MS', '0', 'COUNTERSIGN_DELIVERY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 0'],
    ['COUNTERSIGN_WORKERS', '0', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got 0'],
    ['COUNTERSIGN_WORKERS', '-2', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got -2'],
    ['COUNTERSIGN_WORKERS', '2.5', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got 2.5'],
    ['COUNTERSIGN_WORKERS', 'auto', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got auto'],
    ['COUNTERSIGN_WORKERS', '65', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got 65'],
    ['COUNTERSIGN_WORKERS', '1e3', 'COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got 1e3'],
  ])('refuses %s=%s, naming the variable and what it must be', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(message);
  });

  test('takes SMTP_URL and MAIL_FROM together or not at all, never repeating the SMTP password', () => {
    expect(load({}).mail).toBeUndefined();
    expect(load({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'alerts@example.com' }).mail).toEqual({
      smtpUrl: 'smtps://mail.example.com',
      from: 'alerts@example.com',
    });
    expect(() => load({ SMTP_URL: 'smtp://u:hunter2@mail.example.com' })).toThrow('SMTP_URL and MAIL_FROM go together');
    expect(() => load({ MAIL_FROM: 'alerts@example.com' })).toThrow('SMTP_URL and MAIL_FROM go together');
    for (const value of ['http://u:hunter2@mail.example.com', 'mail.example.com:587?password=hunter2']) {
      let message = '';
      try {
        load({ SMTP_URL: value, MAIL_FROM: 'alerts@example.com' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe('SMTP_URL must be an smtp:// or smtps:// address (smtp://user:password@host:587)');
    }
    expect(() => load({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' })).toThrow('MAIL_FROM must be an email address');
  });

  test('refuses a DATABASE_URL that is not a PostgreSQL connection string, without repeating the password it may carry', () => {
    for (const value of ['mysql://user:hunter2@db/countersign', 'db.internal:5432/countersign?password=hunter2']) {
      let message = '';
      try {
        load({ DATABASE_URL: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(
        'DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:port/database), or unset for the embedded PostgreSQL',
      );
    }
  });

  test('a server given a mistyped variable refuses to start, exits 1 and says which variable and why', async () => {
    const server = launchApi({ COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '30 s', COUNTERSIGN_DATA_DIR: path.join(cwd, 'never-created') });
    const { code, stderr } = await finished(server);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'countersign failed to start: COUNTERSIGN_IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds from 1 to 2147483647, got 30 s',
    );
  });

  test('a server told to run an absurd number of workers refuses to start before forking any', async () => {
    const dataDir = path.join(cwd, 'never-created-by-workers');
    const server = launchApi({ COUNTERSIGN_WORKERS: '1000', NODE_ENV: 'production', COUNTERSIGN_DATA_DIR: dataDir });
    const { code, stderr } = await finished(server);
    expect(code).toBe(1);
    // One line from one process, and no database started.
    expect(stderr.trim()).toBe('countersign failed to start: COUNTERSIGN_WORKERS must be a whole number of processes from 1 to 64, got 1000');
    expect(existsSync(dataDir)).toBe(false);
  });
});
