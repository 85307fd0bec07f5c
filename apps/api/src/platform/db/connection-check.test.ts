import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { finished, freePort } from '../../../test/processes.js';
import { checkDatabaseUrl, checkServerVersion, diagnoseConnectFailure, MIN_SERVER_VERSION_NUM } from './connection-check.js';
import { launchApi } from '../../../test/spawn-api.js';

// A data folder that must stay empty: a refused DATABASE_URL starts no embedded PostgreSQL either.
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-database-url-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `url` with one part changed. */
function changed(url: string, change: (url: URL) => void): string {
  const copy = new URL(url);
  change(copy);
  return copy.toString();
}

/** Starts the server on `databaseUrl` and returns how it ended. */
async function start(databaseUrl: string) {
  const server = launchApi({ DATABASE_URL: databaseUrl, PORT: '0', COUNTERSIGN_DATA_DIR: dataDir });
  return finished(server);
}

describe('a DATABASE_URL the server cannot use', () => {
  dbTest('refuses the start naming the host, the credentials or the database, with exit 1, one line and no stack', async ({ database }) => {
    const port = await freePort();
    const password = decodeURIComponent(new URL(database.url).password);
    const user = decodeURIComponent(new URL(database.url).username);
    const [host, credentials, missing] = await Promise.all([
      start(
        changed(database.url, (url) => {
          url.hostname = '127.0.0.1';
          url.port = String(port);
        }),
      ),
      start(changed(database.url, (url) => (url.password = 'not-the-password'))),
      start(changed(database.url, (url) => (url.pathname = '/countersign_no_such_database'))),
    ]);
    expect(host.stderr.trim()).toBe(
      `countersign failed to start: DATABASE_URL (host): cannot reach a PostgreSQL server at 127.0.0.1:${port}: connection refused: is PostgreSQL running there, on that port, and listening on TCP?`,
    );
    expect(credentials.stderr.trim()).toMatch(
      new RegExp(
        `^countersign failed to start: DATABASE_URL \\(credentials\\): the server at 127\\.0\\.0\\.1:\\d+ refused user "${user}": password authentication failed for user "${user}"\\. Check the user name and password\\.$`,
      ),
    );
    expect(missing.stderr.trim()).toMatch(
      /^countersign failed to start: DATABASE_URL \(database\): the database "countersign_no_such_database" does not exist on 127\.0\.0\.1:\d+: create it \(createdb countersign_no_such_database\) or correct the name\.$/,
    );
    for (const run of [host, credentials, missing]) {
      expect(run.code).toBe(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stderr + run.stdout).not.toContain(password);
      expect(run.stderr + run.stdout).not.toContain('not-the-password');
    }
  });

  dbTest('passes a reachable PostgreSQL of a supported version (the test server’s own)', async ({ database }) => {
    await expect(checkDatabaseUrl(database.url)).resolves.toBeUndefined();
    const { rows } = await database.pool.query<{ num: string }>(`SELECT current_setting('server_version_num') AS num`);
    expect(Number(rows[0]!.num)).toBeGreaterThanOrEqual(MIN_SERVER_VERSION_NUM);
  });
});

describe('the DATABASE_URL diagnosis (pure)', () => {
  test('refuses a server older than PostgreSQL 15 by its version, and accepts 15 and later', () => {
    expect(MIN_SERVER_VERSION_NUM).toBe(150000);
    expect(checkServerVersion(140012, '14.12', 'db.internal:5432')?.message).toBe(
      'DATABASE_URL (version): the server at db.internal:5432 runs PostgreSQL 14.12; Countersign needs PostgreSQL 15 or later.',
    );
    expect(checkServerVersion(149999, '14.99', 'db:5432')?.part).toBe('version');
    expect(checkServerVersion(Number.NaN, 'unknown', 'db:5432')?.part).toBe('version');
    for (const supported of [150000, 160004, 180001]) expect(checkServerVersion(supported, String(supported), 'db:5432')).toBeUndefined();
  });

  test('names the host for a name that does not resolve, and says nothing of a failure that is none of the four parts', () => {
    const url = 'postgres://app:s3cret@db.internal:6432/countersign';
    for (const code of ['ENOTFOUND', 'EAI_AGAIN'])
      expect(diagnoseConnectFailure(Object.assign(new Error(`getaddrinfo ${code} db.internal`), { code }), url)?.message).toMatch(
        /^DATABASE_URL \(host\): cannot reach a PostgreSQL server at db\.internal:6432: the host name .*\(DNS\)$/,
      );
    expect(diagnoseConnectFailure(Object.assign(new Error('no pg_hba.conf entry for host "10.0.0.1"'), { code: '28000' }), url)?.part).toBe('credentials');
    expect(diagnoseConnectFailure(new Error('Connection terminated due to connection timeout'), url)?.part).toBe('host');
    expect(diagnoseConnectFailure(Object.assign(new Error('something else'), { code: '53300' }), url)).toBeUndefined();
    for (const code of ['ENOTFOUND', '28P01', '3D000']) expect(diagnoseConnectFailure({ code, message: 'x' }, url)?.message).not.toContain('s3cret');
  });
});
