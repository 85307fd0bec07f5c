import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/db/embedded-postgres.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createLogger } from '../src/platform/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with CREATE DATABASE rights on the test server. */
    adminUrl: string;
    /** A migrated database each test's database is cloned from. */
    templateDatabase: string;
  }
}

/**
 * Starts one real PostgreSQL for the whole run (embedded, unless DATABASE_URL
 * names a server to use) and migrates a template database once.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-test-'));
    embedded = await startEmbeddedPostgres({ dataDir, log });
    adminUrl = embedded.adminUrl;
  }
  const templateDatabase = `countersign_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const url = new URL(adminUrl);
  url.pathname = `/${templateDatabase}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
