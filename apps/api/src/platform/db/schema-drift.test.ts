import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';

const SCALARS = new Set(['String', 'DateTime', 'Int', 'BigInt', 'Boolean', 'Json', 'Decimal', 'Bytes', 'Float']);

/** Table → column → nullable, as prisma/schema.prisma declares them. */
function prismaTables(): Map<string, Map<string, boolean>> {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../../../../prisma/schema.prisma'), 'utf8');
  const tables = new Map<string, Map<string, boolean>>();
  for (const [, name, body] of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const columns = new Map<string, boolean>();
    for (const line of body!.split('\n')) {
      const field = /^\s+(\w+)\s+(\w+)(\??)(.*)$/.exec(line);
      if (!field || !SCALARS.has(field[2]!)) continue;
      columns.set(/@map\("([^"]+)"\)/.exec(field[4]!)?.[1] ?? field[1]!, field[3] === '?');
    }
    tables.set(/@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? name!, columns);
  }
  return tables;
}

describe('prisma/schema.prisma', () => {
  dbTest('matches the migrated tables column for column, nullability included', async ({ database }) => {
    const rows = await database.pool.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    const actual = new Map<string, Map<string, boolean>>();
    for (const row of rows.rows) {
      if (!actual.has(row.table_name)) actual.set(row.table_name, new Map());
      actual.get(row.table_name)!.set(row.column_name, row.is_nullable === 'YES');
    }
    const declared = prismaTables();
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
    for (const [table, columns] of declared) {
      expect(Object.fromEntries([...columns].sort()), table).toEqual(Object.fromEntries([...actual.get(table)!].sort()));
    }
  });
});
