import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/** A subscription as a browser's PushManager hands it to the console (and the console to registerPushDevice). */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One message as the push service saw it. `error` says what failed the VAPID check or the decryption; `message` is the decrypted JSON. */
export interface PushReceived {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  verified: boolean;
  error: string | null;
  /** The VAPID JWT's claims, when it verified. */
  claims: Record<string, unknown> | null;
  plaintext: string | null;
}

/** The status the push service answers the n-th message (1-based, over all subscriptions). */
export type PushAnswer = (n: number, received: PushReceived) => number;

export interface PushReceiverOptions {
  /** The server's VAPID public key (base64url), which every message must be signed with. */
  vapidPublicKey: () => Promise<string>;
  /** The JWT's `sub` every message must carry. */
  subject: string;
  answer?: PushAnswer;
}

/** The VAPID `Authorization` header (RFC 8292 §3): `vapid t=<JWT>, k=<public key>`. */
function vapidParts(header: string | undefined): { token: string; key: string } {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${header ?? '(none)'}`);
  const params = new Map(match[1]!.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Error('the vapid header lacks t= or k=');
  return { token, key };
}

/**
 * A real push service on loopback, as a browser's would be: it makes
 * subscriptions (a P-256 key pair and a 16-byte auth secret each, endpoints
 * `http://127.0.0.1:<port>/push/<id>`), and for each message checks the
 * VAPID JWT (ES256 signature under the key the header names, that key the
 * server's, `aud` this origin, `sub` as expected, `exp` in the future and at
 * most 24 hours ahead) and decrypts the aes128gcm body per RFC 8291 with an
 * implementation the project did not write (`http_ece`). It answers what
 * the test says (201 by default).
 */
export async function startPushReceiver(options: PushReceiverOptions): Promise<{
  origin: string;
  received: PushReceived[];
  subscribe(): TestSubscription;
  close(): Promise<void>;
}> {
  const received: PushReceived[] = [];
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  let origin = '';

  async function check(subscriptionId: string, headers: IncomingHttpHeaders, body: Buffer): Promise<PushReceived> {
    const base = { subscriptionId, headers };
    try {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const { token, key } = vapidParts(headers.authorization);
      const expected = await options.vapidPublicKey();
      if (key !== expected) throw new Error(`signed with key ${key}, not the server's ${expected}`);
      const point = Buffer.from(key, 'base64url');
      const publicKey = await importJWK(
        { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
        'ES256',
      );
      const { payload: claims } = await jwtVerify(token, publicKey, {
        algorithms: ['ES256'],
        audience: origin,
        subject: options.subject,
        requiredClaims: ['exp', 'aud', 'sub'],
      });
      if (claims.exp! > Date.now() / 1000 + 24 * 60 * 60) throw new Error('the JWT expires more than 24 hours ahead (RFC 8292 §2)');
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
      if (headers.ttl === undefined) throw new Error('no TTL header (RFC 8030 §5.2)');
      const plaintext = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
      return { ...base, verified: true, error: null, claims: { ...claims }, plaintext };
    } catch (error) {
      return { ...base, verified: false, error: (error as Error).message, claims: null, plaintext: null };
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([^/]+)$/.exec(request.url ?? '')?.[1] ?? '';
      void check(id, request.headers, Buffer.concat(chunks)).then((checked) => {
        received.push(checked);
        const status = checked.verified ? (options.answer?.(received.length, checked) ?? 201) : 400;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(checked.error ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    subscribe: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
