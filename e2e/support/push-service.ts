import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the push service took, decrypted as the browser would. */
export interface PushedMessage {
  headers: IncomingHttpHeaders;
  payload: unknown;
}

/**
 * A stand-in for a browser's push service on 127.0.0.1, with the keys a
 * browser would have made for one subscription: the API encrypts to them
 * (RFC 8291, aes128gcm) and signs with VAPID, and this end decrypts with the
 * private half, so a test reads exactly what a service worker would get.
 */
export interface LocalPushService {
  /** The subscription a browser would hand to `registerPushDevice`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: PushedMessage[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const userAgent = createECDH('prime256v1');
  userAgent.generateKeys();
  const authSecret = randomBytes(16);
  const received: PushedMessage[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const plaintext = decrypt(Buffer.concat(chunks), userAgent, authSecret);
        received.push({ headers: request.headers, payload: JSON.parse(plaintext) as unknown });
        response.writeHead(201).end();
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `http://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: userAgent.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function hmac(key: Buffer, ...parts: Buffer[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, the sender's public key in the header's keyid. */
function decrypt(body: Buffer, userAgent: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = userAgent.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgent.getPublicKey(), senderPublic]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
  return padded.subarray(0, end).toString('utf8');
}
