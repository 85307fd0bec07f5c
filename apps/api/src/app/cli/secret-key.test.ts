import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../../../test/source-files.js';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { launchApi, spawnApi } from '../../../test/spawn-api.js';
import { SecretBox } from '../../platform/lib/sealed.js';
import { SEALED_COLUMNS } from '../../platform/lib/sealed-columns-store.js';
import type pg from 'pg';

// The key every test instance seals with (fixtures.ts), and the one it is rotated to.
const OLD = Buffer.alloc(32, 7);
const NEW = Buffer.alloc(32, 9);
const b64 = (key: Buffer) => key.toString('base64');

const rotate = (url: string, env: Record<string, string>) => finished(spawnTs('src/app/cli/main.ts', ['secret-key', 'rotate'], { DATABASE_URL: url, ...env }));

/** Every sealed value in the database, and whether `key` alone opens it. */
async function sealedValues(pool: pg.Pool, key: Buffer): Promise<{ at: string; opens: boolean }[]> {
  const box = new SecretBox(key);
  const found: { at: string; opens: boolean }[] = [];
  for (const { table, columns, purpose } of SEALED_COLUMNS) {
    const { rows } = await pool.query<Record<string, string | null>>(`SELECT ${columns.join(', ')} FROM ${table}`);
    for (const row of rows)
      for (const column of columns) {
        const value = row[column];
        if (value === null || value === undefined) continue;
        let opens = true;
        try {
          box.open(value, purpose);
        } catch {
          opens = false;
        }
        found.push({ at: `${table}.${column}`, opens });
      }
  }
  return found;
}

describe('countersign secret-key rotate', () => {
  test('lists a column for every purpose the code seals a stored value for', () => {
    const purposes = new Set(
      sourceFiles(path.resolve(import.meta.dirname, '../..')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/PURPOSE = '([^']+)'/g)].map((m) => m[1]!),
      ),
    );
    // Known-device cookies are sealed for the browser to keep, not stored: a rotation only makes the old ones ask again.
    purposes.delete('known-device');
    expect([...purposes].sort()).toEqual([...new Set(SEALED_COLUMNS.map((entry) => entry.purpose))].sort());
  });

  apiTest('re-seals every sealed value under the new key, so the old key alone no longer starts a server', async ({ api }) => {
    // An instance's start seals the canary and makes the approval, push and audit keys.
    const first = await spawnApi(api.db.url);
    const kids = (await (await fetch(`${first.url}/.well-known/jwks.json`)).json()) as unknown;
    await first.stop();
    const before = await sealedValues(api.db.pool, OLD);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.every((value) => value.opens)).toBe(true);

    const rotated = await rotate(api.db.url, { COUNTERSIGN_SECRET_KEY: b64(NEW), COUNTERSIGN_SECRET_KEY_PREVIOUS: b64(OLD) });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(new RegExp(`^Re-sealed ${before.length} values under the new COUNTERSIGN_SECRET_KEY \\(approval_keys \\d+, `));
    expect(rotated.stdout + rotated.stderr).not.toContain(b64(NEW));
    expect(await sealedValues(api.db.pool, NEW)).toEqual(before.map(({ at }) => ({ at, opens: true })));
    expect((await sealedValues(api.db.pool, OLD)).some((value) => value.opens)).toBe(false);

    // The same keys, re-sealed, not replaced: the new key alone serves them.
    const after = await spawnApi(api.db.url, { COUNTERSIGN_SECRET_KEY: b64(NEW) });
    expect(await (await fetch(`${after.url}/.well-known/jwks.json`)).json()).toEqual(kids);
    await after.stop();
    const stale = await finished(launchApi({ DATABASE_URL: api.db.url, PORT: '0', COUNTERSIGN_SECRET_KEY: b64(OLD) }));
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("COUNTERSIGN_SECRET_KEY is not the key this database's secrets are sealed with");
  });

  apiTest('changes nothing when a value opens with neither key, or when the previous key is not given', async ({ api }) => {
    const first = await spawnApi(api.db.url);
    await first.stop();
    const before = await sealedValues(api.db.pool, OLD);
    const unusable = new SecretBox(Buffer.alloc(32, 5)).seal('a push key', 'vapid-private-key');
    await api.db.pool.query('UPDATE vapid_keys SET private_key = $1', [unusable]);

    const refused = await rotate(api.db.url, { COUNTERSIGN_SECRET_KEY: b64(NEW), COUNTERSIGN_SECRET_KEY_PREVIOUS: b64(OLD) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('a sealed vapid-private-key does not open with this key');
    const unchanged = (await sealedValues(api.db.pool, OLD)).filter((value) => value.at !== 'vapid_keys.private_key');
    expect(unchanged).toEqual(before.filter((value) => value.at !== 'vapid_keys.private_key'));

    const alone = await rotate(api.db.url, { COUNTERSIGN_SECRET_KEY: b64(NEW) });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('secret-key rotate needs the new key as COUNTERSIGN_SECRET_KEY and the old one as COUNTERSIGN_SECRET_KEY_PREVIOUS');
  });
});
