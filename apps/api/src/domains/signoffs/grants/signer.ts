import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { inTransaction, type Queryable } from '../../../platform/db/sql.js';
import type { SecretBox } from '../../../platform/lib/sealed.js';
import { APPROVAL_TOKEN_SECONDS, APPROVAL_TOKEN_TYPE, type ApprovalClaims } from './claims.js';
import { findActiveKey, insertActiveKey, publishedKeys, retireActiveKey, type ApprovalKeyRow } from './keys-store.js';

export { APPROVAL_TOKEN_SECONDS, APPROVAL_TOKEN_TYPE } from './claims.js';

/** How long a signer keeps the active key before reading it again (a rotation elsewhere is picked up within this). */
const KEY_CACHE_MS = 30_000;

/**
 * How long a retired key stays in the JWKS: a signer may go on using it for
 * up to KEY_CACHE_MS after the rotation, each token it signs lives
 * APPROVAL_TOKEN_SECONDS, and a minute covers clock skew between instances
 * and verifiers.
 */
export const APPROVAL_KEY_PUBLISHED_SECONDS = APPROVAL_TOKEN_SECONDS + KEY_CACHE_MS / 1000 + 60;

/** The purpose the private half of an approval key is sealed under (platform/lib/sealed.ts binds a sealed value to it). */
export const APPROVAL_KEY_PURPOSE = 'approval-signing-key';

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
  const privateJwk = box.seal(JSON.stringify(await exportJWK(privateKey)), APPROVAL_KEY_PURPOSE);
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
    const key = cached?.kid === row.kid ? cached.key : await importJWK(JSON.parse(box.open(row.privateJwk, APPROVAL_KEY_PURPOSE)) as JWK, 'EdDSA');
    cached = { kid: row.kid, key, until: Date.now() + KEY_CACHE_MS };
    return cached;
  };
  return {
    prepare: async () => void (await current()),
    sign: async (claims) => {
      const { kid, key } = await current();
      const { sub, jti, ...rest } = claims;
      return (
        new SignJWT({ ...rest })
          .setProtectedHeader({ alg: 'EdDSA', kid, typ: APPROVAL_TOKEN_TYPE })
          .setIssuer(issuer)
          // One key and one issuer serve every tenant, and operation names are per tenant: the audience is what
          // keeps a token approved in one tenant from being accepted by another tenant's service.
          .setAudience(claims.tenant)
          .setSubject(sub)
          .setJti(jti)
          .setIssuedAt()
          .setExpirationTime(`${APPROVAL_TOKEN_SECONDS}s`)
          .sign(key)
      );
    },
    jwks: async () => {
      // A set fetched before the first token must already hold the key that token will carry: verifiers cache the set
      // and refetch on an unknown kid only after a cooldown (jose: 30 s).
      await current();
      return { keys: await publishedKeys(pool, APPROVAL_KEY_PUBLISHED_SECONDS) };
    },
  };
}

/** Retires the active key and makes a new one, together (the CLI's `approval-keys rotate`); returns the new key's id. */
export async function rotateApprovalKey(pool: pg.Pool, box: SecretBox): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const key = await newKey(box);
    const added = await inTransaction(pool, async (tx) => {
      await retireActiveKey(tx);
      // A rotation (or a first start) committed since this transaction's snapshot leaves an active key the
      // UPDATE above could not see; the insert then yields to it, and the whole rotation runs again on a fresh snapshot.
      if (await insertActiveKey(tx, key)) return true;
      throw new RotationRaced();
    }).catch((error: unknown) => {
      if (error instanceof RotationRaced && attempt < MAX_ROTATION_ATTEMPTS) return false;
      throw error;
    });
    if (added) return key.kid;
  }
}

const MAX_ROTATION_ATTEMPTS = 5;

class RotationRaced extends Error {
  constructor() {
    super('another instance rotated the approval key at the same moment; run the rotation again');
  }
}
