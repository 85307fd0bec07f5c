import { describe, expect, it } from 'vitest';
import { dbTest, testLog } from '../../../test/fixtures.js';
import { openDatabase } from './database.js';
import { preparedStatementNames } from './statement-names.js';

const query = (sql: string) => ({ sql, args: [], argTypes: [] });

describe('prepared statement names', () => {
  it('should give one text the same name every time, and two texts two names', () => {
    const name = preparedStatementNames();
    const first = name(query('SELECT 1'));
    expect(first).not.toBe('');
    expect(name(query('SELECT 1'))).toBe(first);
    expect(name(query('SELECT 2'))).not.toBe(first);
  });

  it('should leave a text unnamed (parsed each time) once the limit is reached, and keep the names it gave', () => {
    const name = preparedStatementNames(2);
    const kept = [name(query('SELECT 1')), name(query('SELECT 2'))];
    expect(name(query('SELECT 3'))).toBe('');
    expect([name(query('SELECT 1')), name(query('SELECT 2'))]).toEqual(kept);
  });

  dbTest('should prepare a Prisma read once on its connection and run it prepared after that', async ({ database }) => {
    // One connection, so the catalogue read below sees the session Prisma used.
    const single = await openDatabase({ databaseUrl: database.url, dataDir: '', log: testLog, runMigrations: false, maxConnections: 1 });
    try {
      const read = () => single.prisma.tenant.findMany({ where: { slug: 'none' }, select: { id: true } });
      expect(await read()).toEqual([]);
      expect(await read()).toEqual([]);
      const prepared = await single.pool.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'prisma\\_%' AND statement LIKE '%"tenants"%'`,
      );
      expect(prepared.rows).toHaveLength(1);
    } finally {
      await single.close();
    }
  });
});
