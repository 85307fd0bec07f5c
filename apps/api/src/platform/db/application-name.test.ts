import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase, testLog } from '../../../test/fixtures.js';
import { PROCESS_INSTANCE_ID } from '../process-identity.js';
import { applicationName, nameConnections } from './application-name.js';
import { createPool } from './database.js';

const before = process.env.PGAPPNAME;
afterEach(() => {
  // The label and PGAPPNAME are the process's: put them back for the next test file sharing it.
  nameConnections('single');
  if (before === undefined) delete process.env.PGAPPNAME;
  else process.env.PGAPPNAME = before;
});

describe('application_name', () => {
  test('names the instance as status prints it, the process and the role, on pools and on clients opened without a name', async () => {
    const database = await createTestDatabase();
    nameConnections('cli:signoff');
    const writes = createPool(database.url, testLog, 1, undefined, 'writes');
    const plain = new pg.Client({ connectionString: database.url });
    try {
      await plain.connect();
      const short = PROCESS_INSTANCE_ID.slice(0, 8);
      expect((await writes.query<{ name: string }>(`SELECT current_setting('application_name') AS name`)).rows[0]!.name).toBe(
        `countersign/${short}/cli:signoff/writes`,
      );
      expect((await plain.query<{ name: string }>(`SELECT current_setting('application_name') AS name`)).rows[0]!.name).toBe(
        `countersign/${short}/cli:signoff/other`,
      );
    } finally {
      await plain.end();
      await writes.end();
      await database.drop();
    }
  });

  test('keeps within the 63 bytes PostgreSQL stores, cutting no character in two', () => {
    nameConnections(`cli:${'é'.repeat(40)}`);
    const name = applicationName('listen');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(name).not.toContain('\uFFFD');
    expect(name.startsWith(`countersign/${PROCESS_INSTANCE_ID.slice(0, 8)}/cli:é`)).toBe(true);
  });
});
