import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import { loadSecretBox, type SecretBox } from '../platform/lib/sealed.js';
import { checkSealingCanary } from '../platform/lib/sealing-canary.js';
import { APPROVAL_KEY_PURPOSE } from '../domains/signoffs/grants/signer.js';
import { findActiveKey } from '../domains/signoffs/grants/keys-store.js';

/** What choosing the sealing key reads of the configuration. */
type KeyConfig = { production: boolean; databaseUrl: string | undefined; secretKey: Buffer | undefined; secretKeyPrevious?: Buffer; dataDir: string };

/** The sealing key this process uses: production on the embedded database may keep it in the data folder, beside the database (see config.ts). */
export function loadProcessBox(config: KeyConfig, log: Logger): Promise<SecretBox> {
  return loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, log);
}

/**
 * The process's sealing key, proved against the database's sealing canary: a server's start (and every CLI
 * command that seals or opens) stops on a wrong key, naming the setting, instead of failing each sealed read later.
 */
export async function loadProvedBox(config: KeyConfig, pool: Database['pool'], log: Logger): Promise<SecretBox> {
  const box = await loadProcessBox(config, log);
  // A database older than the canary proves the key with the approval signing key its first start made.
  await checkSealingCanary(pool, box, async () => {
    const key = await findActiveKey(pool);
    return key && { sealed: key.privateJwk, purpose: APPROVAL_KEY_PURPOSE };
  });
  return box;
}
