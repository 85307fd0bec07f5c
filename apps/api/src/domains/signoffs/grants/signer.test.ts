import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect } from 'vitest';
import { dbTest as test } from '../../../../test/fixtures.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import type { ApprovalClaims } from '../../../platform/lib/runtime.js';
import { APPROVAL_TOKEN_SECONDS, APPROVAL_TOKEN_TYPE, createApprovalSigner, rotateApprovalKey } from './signer.js';

const box = new SecretBox(Buffer.alloc(32, 7));
const ISSUER = 'https://countersign.example';

function claims(): ApprovalClaims {
  const owner = randomUUID();
  return {
    sub: randomUUID(),
    op: 'payments.send',
    opVersion: 3,
    inputHash: 'sha256:' + 'ab'.repeat(32),
    agent: randomUUID(),
    approvedBy: owner,
    approvers: [owner],
    tenant: randomUUID(),
    jti: randomUUID(),
  };
}

async function verify(token: string, jwks: { keys: Record<string, unknown>[] }) {
  return jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: ISSUER,
    typ: APPROVAL_TOKEN_TYPE,
    algorithms: ['EdDSA'],
  });
}

describe('approval signer', () => {
  test('racing signers create exactly one active key, which all of them use', async ({ database }) => {
    const signers = Array.from({ length: 16 }, () => createApprovalSigner(database.pool, box, ISSUER));
    await Promise.all(signers.map((signer) => signer.prepare()));
    const { rows } = await database.pool.query<{ kid: string }>('SELECT kid FROM approval_keys WHERE retired_at IS NULL');
    expect(rows).toHaveLength(1);
    const { rows: all } = await database.pool.query('SELECT kid FROM approval_keys');
    expect(all).toHaveLength(1);
    const kids = await Promise.all(signers.map(async (signer) => decodeProtectedHeader(await signer.sign(claims())).kid));
    expect(new Set(kids)).toEqual(new Set([rows[0]!.kid]));
  });

  test('a token verifies against the published JWKS with every claim', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const given = claims();
    const before = Math.floor(Date.now() / 1000);
    const token = await signer.sign(given);
    const { payload, protectedHeader } = await verify(token, await signer.jwks());
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: APPROVAL_TOKEN_TYPE });
    expect(typeof protectedHeader.kid).toBe('string');
    expect(payload).toMatchObject({
      iss: ISSUER,
      sub: given.sub,
      jti: given.jti,
      op: given.op,
      opVersion: given.opVersion,
      inputHash: given.inputHash,
      agent: given.agent,
      approvedBy: given.approvedBy,
      approvers: given.approvers,
      tenant: given.tenant,
      aud: given.tenant,
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp! - payload.iat!).toBe(APPROVAL_TOKEN_SECONDS);
    expect(APPROVAL_TOKEN_SECONDS).toBe(15 * 60);
  });

  test('the JWKS publishes public keys only', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    await signer.prepare();
    const { keys } = await signer.jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  test('a token from another key does not verify', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const token = await signer.sign(claims());
    const published = await signer.jwks();
    // Another deployment's key under the same kid: the signature must not check out.
    const otherJwks = { keys: published.keys.map((key) => ({ ...key, x: Buffer.alloc(32, 9).toString('base64url') })) };
    await expect(verify(token, otherJwks)).rejects.toThrow();
  });

  test('after rotation, old tokens still verify and new signers use the new key', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const oldToken = await signer.sign(claims());
    const oldKid = decodeProtectedHeader(oldToken).kid;
    const newKid = await rotateApprovalKey(database.pool, box);
    expect(newKid).not.toBe(oldKid);

    const fresh = createApprovalSigner(database.pool, box, ISSUER);
    const newToken = await fresh.sign(claims());
    expect(decodeProtectedHeader(newToken).kid).toBe(newKid);

    const jwks = await fresh.jwks();
    expect(jwks.keys.map((key) => key.kid).sort()).toEqual([oldKid, newKid].sort());
    await expect(verify(oldToken, jwks)).resolves.toBeTruthy();
    await expect(verify(newToken, jwks)).resolves.toBeTruthy();

    const { rows } = await database.pool.query<{ kid: string }>('SELECT kid FROM approval_keys WHERE retired_at IS NULL');
    expect(rows).toEqual([{ kid: newKid }]);
  });

  test('a key retired 20 minutes ago is no longer published', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const oldToken = await signer.sign(claims());
    const oldKid = decodeProtectedHeader(oldToken).kid;
    const newKid = await rotateApprovalKey(database.pool, box);
    await database.pool.query(`UPDATE approval_keys SET retired_at = now() - interval '20 minutes' WHERE kid = $1`, [oldKid]);
    const jwks = await signer.jwks();
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid]);
    await expect(verify(oldToken, jwks)).rejects.toThrow();
  });

  test('a key retired 10 minutes ago is still published', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const oldKid = decodeProtectedHeader(await signer.sign(claims())).kid;
    await rotateApprovalKey(database.pool, box);
    await database.pool.query(`UPDATE approval_keys SET retired_at = now() - interval '10 minutes' WHERE kid = $1`, [oldKid]);
    expect((await signer.jwks()).keys.map((key) => key.kid)).toContain(oldKid);
  });

  test('the private key is stored sealed, never in the clear', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    await signer.prepare();
    await rotateApprovalKey(database.pool, box);
    const { rows } = await database.pool.query<{ private_jwk: string; public_jwk: Record<string, unknown> }>(
      'SELECT private_jwk, public_jwk FROM approval_keys',
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.private_jwk.startsWith('v1.')).toBe(true);
      expect(row.private_jwk).not.toMatch(/"d"|Ed25519|OKP/);
      expect(row.public_jwk).not.toHaveProperty('d');
      const privateJwk = JSON.parse(box.open(row.private_jwk, 'approval-signing-key')) as Record<string, unknown>;
      expect(typeof privateJwk.d).toBe('string');
      expect(row.private_jwk).not.toContain(privateJwk.d as string);
      expect(privateJwk.x).toBe(row.public_jwk.x);
    }
  });

  test('a signer under another sealing key cannot use the stored key', async ({ database }) => {
    await createApprovalSigner(database.pool, box, ISSUER).prepare();
    const stranger = createApprovalSigner(database.pool, new SecretBox(Buffer.alloc(32, 8)), ISSUER);
    await expect(stranger.sign(claims())).rejects.toThrow();
  });
});
