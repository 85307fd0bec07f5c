import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, vi } from 'vitest';
import { dbTest as test } from '../../../../test/fixtures.js';
import { query, type Queryable } from '../../../platform/db/sql.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import { APPROVAL_TOKEN_TYPE, type ApprovalClaims } from './claims.js';
import { APPROVAL_KEY_PUBLISHED_SECONDS, createApprovalSigner, rotateApprovalKey, type ApprovalSigner } from './signer.js';

const ISSUER = 'https://countersign.example';
const box = new SecretBox(Buffer.alloc(32, 7));

function claims(): ApprovalClaims {
  return {
    sub: randomUUID(),
    op: 'email.send',
    opVersion: 1,
    inputHash: 'a'.repeat(64),
    agent: 'a',
    approvedBy: 'o',
    approvers: ['o'],
    tenant: 't',
    jti: randomUUID(),
  };
}

async function verify(token: string, signer: ApprovalSigner) {
  return jwtVerify(token, createLocalJWKSet(await signer.jwks()), { issuer: ISSUER, algorithms: ['EdDSA'], typ: APPROVAL_TOKEN_TYPE });
}

async function keyRows(pool: Queryable) {
  return query<{ kid: string; retired: boolean }>(pool, `SELECT kid, retired_at IS NOT NULL AS retired FROM approval_keys ORDER BY created_at`);
}

async function retireAgo(pool: Queryable, kid: string, seconds: number): Promise<void> {
  await query(pool, `UPDATE approval_keys SET retired_at = now() - $2 * interval '1 second' WHERE kid = $1`, [kid, seconds]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('approval key rotation', () => {
  test('a key set fetched before the first token already holds the key that token carries', async ({ database }) => {
    // Verifiers cache the set and refetch for an unknown kid only after a cooldown, so an empty first set would fail the first token.
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const jwks = createLocalJWKSet(await signer.jwks());
    const token = await signer.sign(claims());
    await expect(jwtVerify(token, jwks, { issuer: ISSUER })).resolves.toBeTruthy();
  });

  test('a signer holding the old key cached signs with the new one within its re-read interval', async ({ database }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const before = await signer.sign(claims());
    const newKid = await rotateApprovalKey(database.pool, box);
    expect(decodeProtectedHeader(before).kid).not.toBe(newKid);

    vi.setSystemTime(Date.now() + 31_000);
    const later = await signer.sign(claims());
    expect(decodeProtectedHeader(later).kid).toBe(newKid);
    await verify(later, signer);
    await verify(before, signer);
  });

  test('rotations run at the same moment all take effect and leave exactly one active key', async ({ database }) => {
    await createApprovalSigner(database.pool, box, ISSUER).prepare();
    const kids = await Promise.all(Array.from({ length: 4 }, () => rotateApprovalKey(database.pool, box)));
    const rows = await keyRows(database.pool);
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => !row.retired)).toHaveLength(1);
    expect(new Set(kids).size).toBe(4);
    for (const kid of kids) expect(rows.map((row) => row.kid)).toContain(kid);
  });

  test('publishes a retired key for the token lifetime plus the signer cache and a minute of skew, and not after', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    await signer.prepare();
    const [first] = await keyRows(database.pool);
    const second = await rotateApprovalKey(database.pool, box);
    const third = await rotateApprovalKey(database.pool, box);

    await retireAgo(database.pool, first!.kid, APPROVAL_KEY_PUBLISHED_SECONDS + 30);
    await retireAgo(database.pool, second, APPROVAL_KEY_PUBLISHED_SECONDS - 30);
    expect((await signer.jwks()).keys.map((key) => key.kid)).toEqual([third, second]);

    await retireAgo(database.pool, second, 17 * 60);
    expect((await signer.jwks()).keys.map((key) => key.kid)).toEqual([third]);
  });
});
