import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, test } from 'vitest';
import { pinnedLookup } from './pinned-lookup.js';
import { postWebhook, type PostOutcome } from './post.js';
import { newWebhookSecret, webhookHeaders } from '../../platform/lib/webhook-signature.js';

type Handler = (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void;

const servers: http.Server[] = [];

/** A receiver on 127.0.0.1 that counts connections and hands each full request to `handle`. */
async function receiver(handle: Handler) {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  const seen = { connections: 0 };
  server.on('connection', () => seen.connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}/hook`, seen };
}

afterEach(async () => {
  const closing = servers.splice(0).map((server) => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  await Promise.all(closing);
});

/** The request headers as the one-value record standardwebhooks reads. */
function flat(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

/** The failure of an outcome, or a line saying it was answered, so a test can match it against a pattern. */
function errorOf(outcome: PostOutcome): string {
  return outcome.kind === 'failed' ? outcome.error : `answered ${outcome.status}`;
}

const body = JSON.stringify({ id: 'sig_42', op: 'email.send', opVersion: 1, input: { to: 'a@example.com' }, agent: 'mailer', approvedBy: 'ada' });
const signed = (secrets: string[], payload = body) => webhookHeaders(secrets, 'sig_42', Math.floor(Date.now() / 1000), payload);

describe('postWebhook', () => {
  test('delivers a body the receiver verifies with standardwebhooks, under either secret of a rotation', async () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const verified: unknown[] = [];
    const { url } = await receiver((request, received, response) => {
      verified.push(new Webhook(old).verify(received, flat(request.headers)), new Webhook(fresh).verify(received, flat(request.headers)));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"messageId":"m-1"}');
    });
    const outcome = await postWebhook({ url, headers: signed([old, fresh]), body, production: false });
    expect(outcome).toMatchObject({ kind: 'answered', status: 200, body: '{"messageId":"m-1"}' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    expect(verified).toEqual([JSON.parse(body), JSON.parse(body)]);
  });

  test('a body changed after signing fails verification at the receiver', async () => {
    const secret = newWebhookSecret();
    const { url } = await receiver((request, received, response) => {
      try {
        new Webhook(secret).verify(received, flat(request.headers));
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
    const tampered = body.replace('a@example.com', 'eve@example.com');
    const outcome = await postWebhook({ url, headers: signed([secret]), body: tampered, production: false });
    expect(outcome).toMatchObject({ kind: 'answered', status: 400 });
    expect(outcome.kind === 'answered' ? outcome.body : '').toMatch(/No matching signature/);
  });

  test('answers a redirect with its status and does not follow it', async () => {
    const target = await receiver((_request, _received, response) => response.writeHead(200).end('followed'));
    const { url } = await receiver((_request, _received, response) => response.writeHead(307, { location: target.url }).end('moved'));
    const outcome = await postWebhook({ url, headers: signed([newWebhookSecret()]), body, production: false });
    expect(outcome).toMatchObject({ kind: 'answered', status: 307, body: 'moved' });
    expect(target.seen.connections).toBe(0);
  });

  test('fails an attempt whose response body is over the limit, streamed or declared', async () => {
    const { url } = await receiver((_request, _received, response) => {
      response.writeHead(200);
      response.write('x'.repeat(200 * 1024));
      response.end('x'.repeat(100 * 1024));
    });
    expect(await postWebhook({ url, headers: signed([newWebhookSecret()]), body, production: false })).toMatchObject({
      kind: 'failed',
      error: 'response over 262144 bytes',
    });
    const declared = await receiver((_request, _received, response) => response.writeHead(200, { 'content-length': '11' }).end('hello world'));
    expect(await postWebhook({ url: declared.url, headers: {}, body, production: false, maxBytes: 10 })).toMatchObject({
      kind: 'failed',
      error: 'response over 10 bytes',
    });
    expect(await postWebhook({ url: declared.url, headers: {}, body, production: false, maxBytes: 11 })).toMatchObject({
      kind: 'answered',
      body: 'hello world',
    });
  });

  test('fails with a timeout when the receiver never answers', async () => {
    const { url } = await receiver(() => undefined);
    const outcome = await postWebhook({ url, headers: signed([newWebhookSecret()]), body, production: false, timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'no answer within 200 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(190);
  });

  test('fails when the connection is refused', async () => {
    const { port } = await receiver(() => undefined);
    const closed = servers.pop()!;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await postWebhook({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body, production: false });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'connection refused' });
  });

  test('fails when the receiver drops the connection without answering', async () => {
    const { url } = await receiver((request) => request.socket.destroy());
    expect(errorOf(await postWebhook({ url, headers: {}, body, production: false }))).toMatch(/^connection reset$|socket hang up/);
  });

  test('fails, without throwing, on a URL it cannot send to', async () => {
    expect(await postWebhook({ url: 'not a url', headers: {}, body, production: false })).toMatchObject({ kind: 'failed' });
    expect(await postWebhook({ url: 'ftp://127.0.0.1/x', headers: {}, body, production: false })).toMatchObject({
      kind: 'failed',
      error: 'unsupported scheme ftp:',
    });
  });

  test.each(['10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'])(
    'in production refuses a host that resolves to %s before connecting',
    async (address) => {
      const asked: string[] = [];
      const resolve = (hostname: string) => {
        asked.push(hostname);
        return Promise.resolve([address]);
      };
      const outcome = await postWebhook({ url: 'https://hooks.example.test/hook', headers: {}, body, production: true, resolve, timeoutMs: 200 });
      expect(outcome).toMatchObject({ kind: 'failed', error: 'refused: hooks.example.test resolves to a private, loopback or link-local address' });
      expect(asked).toEqual(['hooks.example.test']);
    },
  );

  test('in production opens no connection to a host that resolves to loopback, where outside production it would', async () => {
    const { port, seen } = await receiver((_request, _received, response) => response.writeHead(204).end());
    const resolve = () => Promise.resolve(['127.0.0.1']);
    const refused = await postWebhook({ url: `http://receiver.invalid:${port}/hook`, headers: {}, body, production: true, resolve });
    expect(errorOf(refused)).toMatch(/^refused: receiver.invalid resolves to/);
    const literal = await postWebhook({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body, production: true });
    expect(errorOf(literal)).toMatch(/^refused: 127.0.0.1 resolves to/);
    expect(seen.connections).toBe(0);
    expect(await postWebhook({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body, production: false })).toMatchObject({ kind: 'answered', status: 204 });
    expect(seen.connections).toBe(1);
  });

  test('in production refuses a host that resolves to nothing', async () => {
    const outcome = await postWebhook({ url: 'https://hooks.example.test/', headers: {}, body, production: true, resolve: () => Promise.resolve([]) });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'could not resolve hooks.example.test' });
  });

  test('a resolver slower than the deadline times the attempt out', async () => {
    const resolve = () => new Promise<string[]>(() => undefined);
    const outcome: PostOutcome = await postWebhook({ url: 'https://hooks.example.test/', headers: {}, body, production: true, resolve, timeoutMs: 100 });
    expect(outcome).toMatchObject({ kind: 'failed', error: 'no answer within 100 ms' });
  });
});

describe('pinnedLookup', () => {
  test('answers any hostname with the pinned address, alone or as the list Node asks for when racing families', () => {
    const answers: unknown[] = [];
    const lookup = pinnedLookup('::1');
    lookup('evil.example', { all: true }, (error, address, family) => answers.push([error, address, family]));
    lookup('evil.example', {}, (error, address, family) => answers.push([error, address, family]));
    expect(answers).toEqual([
      [null, [{ address: '::1', family: 6 }], undefined],
      [null, '::1', 6],
    ]);
  });

  test('connects to the pinned address whatever the hostname, which still travels as Host', async () => {
    const hosts: (string | undefined)[] = [];
    const { port } = await receiver((request, _received, response) => {
      hosts.push(request.headers.host);
      response.writeHead(204).end();
    });
    // `.invalid` never resolves (RFC 6761): only the pinned lookup can reach the receiver.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request({ hostname: 'receiver.invalid', port, method: 'POST', agent: false, lookup: pinnedLookup('127.0.0.1') });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(204);
    expect(hosts).toEqual([`receiver.invalid:${port}`]);
  });
});
