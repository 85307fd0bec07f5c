import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { inTransaction, type Queryable } from '../db/sql.js';
import type { SecretBox } from '../lib/sealed.js';
import type { ApprovalClaims } from '../lib/runtime.js';
import { findActiveKey, insertActiveKey, publishedKeys, retireActiveKey, type ApprovalKeyRow } from './keys-store.js';

/** How long an approval token is valid. */
export const APPROVAL_TOKEN_SECONDS = 15 * 60;

/** How long a signer keeps the active key before reading it again (a rotation elsewhere is picked up within this). */
const KEY_CACHE_MS = 30_000;

/** The JOSE `typ` of an approval token, so it cannot be mistaken for another kind of JWT. */
export const APPROVAL_TOKEN_TYPE = 'countersign-approval+jwt';

const PRIVATE_KEY_PURPOSE = 'approval-signing-key';

export interface ApprovalSigner {
  /** Reads (or at first start creates) the active key now, rather than at the first redeem. */
  prepare(): Promise<void>;
  sign(claims: ApprovalClaims): Promise<string>;
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
}

async function newKey(box: SecretBox): Promise<ApprovalKeyRow> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const privateJwk = box.seal(JSON.stringify(await exportJWK(privateKey)), PRIVATE_KEY_PURPOSE);
  return { kid, publicJwk, privateJwk };
}

/** The active key, created if there is none: racing instances create exactly one (the unique index on the active key). */
async function activeKey(db: Queryable, box: SecretBox): Promise<ApprovalKeyRow> {
  const existing = await findActiveKey(db);
  if (existing) return existing;
  await insertActiveKey(db, await newKey(box));
  const active = await findActiveKey(db);
  if (!active) throw new Error('no active approval key after creating one');
  return active;
}

/**
 * Signs approval tokens with the key every instance shares (kept in the
 * database, its private half sealed), and publishes the JWKS downstream
 * services verify them with. Nothing is read until `prepare` or the first
 * use: a server starts even while its database is away.
 */
export function createApprovalSigner(pool: Queryable, box: SecretBox, issuer: string): ApprovalSigner {
  let cached: { kid: string; key: CryptoKey | KeyObject | Uint8Array; until: number } | undefined;
  const current = async () => {
    if (cached && cached.until > Date.now()) return cached;
    const row = await activeKey(pool, box);
    const key = cached?.kid === row.kid ? cached.key : await importJWK(JSON.parse(box.open(row.privateJwk, PRIVATE_KEY_PURPOSE)) as JWK, 'EdDSA');
    cached = { kid: row.kid, key, until: Date.now() + KEY_CACHE_MS };
    return cached;
  };
  return {
    prepare: async () => void (await current()),
    sign: async (claims) => {
      const { kid, key } = await current();
      const { sub, jti, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: APPROVAL_TOKEN_TYPE })
        .setIssuer(issuer)
        .setSubject(sub)
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(`${APPROVAL_TOKEN_SECONDS}s`)
        .sign(key);
    },
    jwks: async () => ({ keys: await publishedKeys(pool, APPROVAL_TOKEN_SECONDS + 60 + KEY_CACHE_MS / 1000) }),
  };
}

/** Retires the active key and makes a new one, together (the CLI's `approval-keys rotate`); returns the new key's id. */
export async function rotateApprovalKey(pool: pg.Pool, box: SecretBox): Promise<string> {
  const key = await newKey(box);
  return inTransaction(pool, async (tx) => {
    await retireActiveKey(tx);
    await insertActiveKey(tx, key);
    return key.kid;
  });
}
