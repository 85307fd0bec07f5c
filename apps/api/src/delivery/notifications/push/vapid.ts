import type pg from 'pg';
import webpush from 'web-push';
import type { SecretBox } from '../../../platform/lib/sealed.js';
import { findVapidKey, insertVapidKey, type VapidKeyRow } from './vapid-store.js';

/** The sealed VAPID private key opens only for this purpose (see platform/lib/sealed.ts). */
export const VAPID_PRIVATE_KEY_PURPOSE = 'vapid-private-key';

export interface VapidDetails {
  /** The VAPID subject: the public URL (https) or a mailto: address. */
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface Vapid {
  /** The base64url public key browsers subscribe with. */
  publicKey(): Promise<string>;
  details(): Promise<VapidDetails>;
}

/**
 * The VAPID subject (RFC 8292 §2.1: a contact for the push service's
 * operator), from COUNTERSIGN_PUBLIC_URL, never HOST/PORT. Push services and
 * `web-push` accept only an https: URL or a mailto: address, and refuse (or
 * warn about) localhost; a public URL that is not https on a real host — a
 * development or test setup — gets a mailto: on the public URL's host instead.
 */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.toString();
  // An IPv6 host keeps its brackets, as an address literal in an email address does.
  return `mailto:countersign@${url.hostname}`;
}

/** The key pair, created if there is none: instances racing at first start all insert, one row wins, and all read it back. */
async function sharedKey(pool: pg.Pool, box: SecretBox): Promise<VapidKeyRow> {
  const existing = await findVapidKey(pool);
  if (existing) return existing;
  const made = webpush.generateVAPIDKeys();
  await insertVapidKey(pool, { publicKey: made.publicKey, privateKey: box.seal(made.privateKey, VAPID_PRIVATE_KEY_PURPOSE) });
  const kept = await findVapidKey(pool);
  if (!kept) throw new Error('no VAPID key pair after creating one');
  return kept;
}

/**
 * The VAPID key pair every instance signs pushes with: made at first use,
 * kept in the database with its private half sealed under
 * COUNTERSIGN_SECRET_KEY, then cached for the life of the process (it is
 * never rotated: browsers subscribed with the public key, and a new one
 * would orphan every subscription). Nothing is read until the first use, so
 * a server starts while its database is away.
 */
export function createVapid(pool: pg.Pool, box: SecretBox, publicUrl: string): Vapid {
  const subject = vapidSubject(publicUrl);
  let loading: Promise<VapidDetails> | undefined;
  const details = (): Promise<VapidDetails> => {
    if (loading) return loading;
    const attempt = sharedKey(pool, box).then((row) => ({
      subject,
      publicKey: row.publicKey,
      privateKey: box.open(row.privateKey, VAPID_PRIVATE_KEY_PURPOSE),
    }));
    loading = attempt;
    // A failed read (the database away) is not kept: the next use tries again.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    return attempt;
  };
  return { publicKey: async () => (await details()).publicKey, details };
}
