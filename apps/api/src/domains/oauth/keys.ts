import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import { query, type Queryable } from '../../platform/db/sql.js';
import type { SecretBox } from '../../platform/lib/sealed.js';

/** The sealed halves open only for these purposes (platform/lib/sealed.ts). */
const SIGNING_PURPOSE = 'oauth-signing-jwk';
const COOKIE_PURPOSE = 'oauth-cookie-key';

export interface OAuthKeys {
  /** The private Ed25519 JWK ID tokens are signed with. */
  signingJwk: JWK;
  /** The key the provider's cookies are signed with. */
  cookieKey: string;
}

interface KeyRow {
  signingJwk: string;
  cookieKey: string;
}

async function findKeys(db: Queryable): Promise<KeyRow | undefined> {
  const rows = await query<KeyRow>(db, `/* findOAuthKeys */ SELECT signing_jwk AS "signingJwk", cookie_key AS "cookieKey" FROM oauth_keys WHERE id = 1`);
  return rows[0];
}

/**
 * The provider's keys, made at first use and kept sealed under
 * COUNTERSIGN_SECRET_KEY, so every instance signs and checks with the same
 * ones (instances racing at first use all insert; the row id = 1 decides,
 * and all read it back).
 */
export async function loadOAuthKeys(db: Queryable, box: SecretBox): Promise<OAuthKeys> {
  let row = await findKeys(db);
  if (!row) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = { ...privateKey.export({ format: 'jwk' }), alg: 'EdDSA', use: 'sig', kid: randomBytes(8).toString('base64url') };
    await query(db, `/* insertOAuthKeys */ INSERT INTO oauth_keys (id, signing_jwk, cookie_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [
      box.seal(JSON.stringify(jwk), SIGNING_PURPOSE),
      box.seal(randomBytes(32).toString('base64url'), COOKIE_PURPOSE),
    ]);
    row = await findKeys(db);
    if (!row) throw new Error('no OAuth keys after creating them');
  }
  return { signingJwk: JSON.parse(box.open(row.signingJwk, SIGNING_PURPOSE)) as JWK, cookieKey: box.open(row.cookieKey, COOKIE_PURPOSE) };
}
