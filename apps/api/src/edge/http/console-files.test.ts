import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { EventBus } from '../../platform/events/bus.js';
import { chooseEncoding } from './console-files.js';
import { spawnApi } from '../../../test/spawn-api.js';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-AbCd12_-.js"></script>';
const ENTRY = `console.log(${JSON.stringify('the inbox '.repeat(400))});\n`;
const WORKER = `self.addEventListener('push', () => undefined); // ${'sw '.repeat(500)}\n`;
const SECRET = 'outside the console folder';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch would decompress the body and normalize `..` out of the path before sending it. */
function send(url: string, rawPath: string, { method = 'GET', acceptEncoding }: { method?: string; acceptEncoding?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname, port, path: rawPath, method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A built console as the Vite build leaves it: hashed assets with .br/.gz beside them, sw.js from public/, a plain unhashed file. */
async function builtConsole(): Promise<{ root: string; dir: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'countersign-console-files-'));
  const dir = path.join(root, 'dist');
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX);
  const entry = path.join(dir, 'assets', 'index-AbCd12_-.js');
  await writeFile(entry, ENTRY);
  await writeFile(`${entry}.br`, brotliCompressSync(ENTRY));
  await writeFile(`${entry}.gz`, gzipSync(ENTRY));
  await writeFile(path.join(dir, 'sw.js'), WORKER);
  await writeFile(path.join(dir, 'sw.js.br'), brotliCompressSync(WORKER));
  await writeFile(path.join(dir, 'assets', 'plain.js'), 'export {};\n');
  // Beside the console, not in it: no request may reach these.
  await writeFile(path.join(root, 'secret.txt'), SECRET);
  await writeFile(path.join(root, 'secret.txt.br'), brotliCompressSync(SECRET));
  return { root, dir };
}

const consoleTest = dbTest.extend<{ consoleUrl: string }>({
  consoleUrl: async ({ database }, use) => {
    const { root, dir } = await builtConsole();
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig({ consoleDir: dir }), db: database, bus, log: testLog });
    try {
      await use(server.url);
    } finally {
      await server.close();
      await bus.stop();
      await rm(root, { recursive: true });
    }
  },
});

const ENTRY_PATH = '/assets/index-AbCd12_-.js';

describe('the console files', () => {
  consoleTest('send brotli when the client accepts br and gzip, with the type, length and cache policy of a hashed file', async ({ consoleUrl }) => {
    const answer = await send(consoleUrl, ENTRY_PATH, { acceptEncoding: 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(ENTRY.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(ENTRY);
    expect(answer.headers['vary']).toContain('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The security headers stay on every console file.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  consoleTest('send gzip when only gzip is accepted (or br is refused), identity when neither is', async ({ consoleUrl }) => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip;q=0.5', 'x-gzip']) {
      const answer = await send(consoleUrl, ENTRY_PATH, { acceptEncoding });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(ENTRY);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const answer = await send(consoleUrl, ENTRY_PATH, { acceptEncoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(answer.body.toString()).toBe(ENTRY);
      expect(Number(answer.headers['content-length'])).toBe(ENTRY.length);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      // Identity at a URL that has encoded variants still varies by the header, for shared caches.
      expect(answer.headers['vary']).toContain('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  consoleTest('answer HEAD with the headers of the encoded file and no body', async ({ consoleUrl }) => {
    const answer = await send(consoleUrl, ENTRY_PATH, { method: 'HEAD', acceptEncoding: 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(ENTRY).length);
    expect(answer.body.length).toBe(0);
  });

  consoleTest('revalidate what is not content-hashed: index.html, sw.js, a plain file', async ({ consoleUrl }) => {
    const worker = await send(consoleUrl, '/sw.js', { acceptEncoding: 'gzip, br' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(worker.body).toString()).toBe(WORKER);
    // Only a .br beside it: a gzip-only client gets the file itself.
    const workerForGzip = await send(consoleUrl, '/sw.js', { acceptEncoding: 'gzip' });
    expect(workerForGzip.headers['content-encoding']).toBeUndefined();
    expect(workerForGzip.body.toString()).toBe(WORKER);

    const plain = await send(consoleUrl, '/assets/plain.js', { acceptEncoding: 'gzip, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBeUndefined();

    const index = await send(consoleUrl, '/index.html', { acceptEncoding: 'gzip, br' });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body.toString()).toBe(INDEX);
  });

  consoleTest('answer a client route such as /inbox/123 with index.html, to GET and HEAD', async ({ consoleUrl }) => {
    const get = await send(consoleUrl, '/inbox/123', { acceptEncoding: 'gzip, br' });
    expect(get.status).toBe(200);
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(get.headers['cache-control']).toBe('no-cache');
    expect(get.headers['x-frame-options']).toBe('DENY');
    expect(get.body.toString()).toBe(INDEX);
    const head = await send(consoleUrl, '/inbox/123', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBe(INDEX.length);
    expect(head.body.length).toBe(0);
  });

  consoleTest('never send a file outside the console folder, nor its variant, however the path climbs', async ({ consoleUrl }) => {
    for (const rawPath of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      for (const acceptEncoding of [undefined, 'br']) {
        const answer = await send(consoleUrl, rawPath, { acceptEncoding });
        expect(answer.headers['content-encoding'], rawPath).toBeUndefined();
        expect(answer.body.toString(), rawPath).not.toContain(SECRET);
        // What a climbing path gets is the console's index, as any unknown path does.
        expect(answer.body.toString(), rawPath).toBe(INDEX);
      }
    }
  });
});

describe('choosing an encoding', () => {
  const both = new Set(['br', 'gzip'] as const);

  test('prefers br on a tie, follows q otherwise, honours * and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br', both)?.name).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip', both)?.name).toBe('gzip');
    expect(chooseEncoding('BR ; Q=1, gzip', both)?.name).toBe('br');
    expect(chooseEncoding('*', both)?.name).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)?.name).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, *;q=0.1', new Set(['gzip'] as const))).toBeUndefined();
    expect(chooseEncoding('br', new Set(['gzip'] as const))).toBeUndefined();
    expect(chooseEncoding('br;q=nonsense, gzip', both)?.name).toBe('gzip');
    expect(chooseEncoding('', both)).toBeUndefined();
    expect(chooseEncoding(undefined, both)).toBeUndefined();
  });
});
