// http_ece ships no types; this is the one call the push receiver makes (RFC 8188 / RFC 8291 decryption).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: the sender's public key is read from the aes128gcm header. */
    privateKey: ECDH;
    /** The subscription's auth secret (bytes, or base64url text). */
    authSecret: Buffer | string;
  }

  const ece: { decrypt(body: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
