import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept in the database (approval signing keys, webhook
 * secrets) with AES-256-GCM under COUNTERSIGN_SECRET_KEY, so a backup or a
 * read replica holds nothing usable without the key. `purpose` is bound as
 * associated data: a sealed value opens only for the purpose it was sealed
 * for (a webhook secret cannot be passed off as a signing key).
 */
export class SecretBox {
  readonly #key: Buffer;
  readonly #previous: Buffer | undefined;

  /**
   * `previous` (COUNTERSIGN_SECRET_KEY_PREVIOUS) is for a key rotation: what
   * is still sealed under the old key opens, while everything new is sealed
   * under `key`, until `countersign secret-key rotate` has re-sealed it all.
   */
  constructor(key: Buffer, previous?: Buffer) {
    if (key.length !== KEY_BYTES || (previous !== undefined && previous.length !== KEY_BYTES)) throw new Error(`a sealing key is ${KEY_BYTES} bytes`);
    this.#key = Buffer.from(key);
    this.#previous = previous && Buffer.from(previous);
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plain text; throws when the value was changed, sealed under another key or for another purpose. */
  open(sealed: string, purpose: string): string {
    const opened = openWith(this.#key, sealed, purpose) ?? (this.#previous && openWith(this.#previous, sealed, purpose));
    if (opened === undefined)
      // GCM's own words ("unable to authenticate data") tell an operator nothing; after a restore this is the likely cause.
      throw new Error(
        `a sealed ${purpose || 'value'} does not open with this key: COUNTERSIGN_SECRET_KEY is not the key it was sealed with (or the value was altered)`,
      );
    return opened;
  }
}

/** The plain text, or undefined when `key` does not open it; a value that is not sealed at all throws. */
function openWith(key: Buffer, sealed: string, purpose: string): string | undefined {
  const parts = sealed.split('.');
  const [version, iv, body, tag] = parts;
  if (parts.length !== 4 || version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed value');
  // The full 16-byte tag, always: a shortened one would weaken the tamper check it is.
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(purpose));
  const tagBytes = Buffer.from(tag, 'base64url');
  if (tagBytes.length !== TAG_BYTES) throw new Error('not a sealed value');
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The box for this process: COUNTERSIGN_SECRET_KEY when set; otherwise (never
 * where the key is required, see config.ts) a key kept in the data folder,
 * generated on first start with a warning — every instance sharing that
 * folder reads the same one.
 */
export async function loadSecretBox(
  config: { secretKey: Buffer | undefined; secretKeyPrevious?: Buffer; dataDir: string; production: boolean },
  log: Logger,
): Promise<SecretBox> {
  if (config.secretKey) return new SecretBox(config.secretKey, config.secretKeyPrevious);
  if (config.secretKeyPrevious) throw new Error('COUNTERSIGN_SECRET_KEY_PREVIOUS is set without COUNTERSIGN_SECRET_KEY: a rotation needs the new key too');
  if (config.production) throw new Error('COUNTERSIGN_SECRET_KEY must be set');
  if (!config.dataDir) throw new Error('no COUNTERSIGN_SECRET_KEY and no data folder to keep a generated one in');
  const file = path.join(config.dataDir, 'secret.key');
  let text: string | undefined;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined) {
    await mkdir(config.dataDir, { recursive: true });
    text = randomBytes(KEY_BYTES).toString('base64');
    // Written whole to a file of our own, then linked into place: `link` fails if the key exists, so a
    // second instance (or worker) starting at the same moment reads the first one's key, complete, instead
    // of replacing it or reading a file still being written.
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(draft, `${text}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(draft, 0o600);
      await link(draft, file);
      log.warn({ file }, 'no COUNTERSIGN_SECRET_KEY: generated a sealing key into the data folder; set COUNTERSIGN_SECRET_KEY for any deployment');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      text = (await readFile(file, 'utf8')).trim();
    } finally {
      await unlink(draft).catch(() => undefined);
    }
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} must hold ${KEY_BYTES} random bytes, base64`);
  return new SecretBox(key);
}
