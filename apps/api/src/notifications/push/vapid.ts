import type pg from 'pg';
import type { SecretBox } from '../../lib/sealed.js';

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

/** STUB: the VAPID key pair, made at first start and kept sealed in the database. */
export function createVapid(_pool: pg.Pool, _box: SecretBox, _publicUrl: string): Vapid {
  const missing = () => Promise.reject(new Error('push is not written yet'));
  return { publicKey: missing, details: missing };
}
