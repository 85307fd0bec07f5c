import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createLogger } from '../logger.js';
import { loadSecretBox, SecretBox } from './sealed.js';

const log = createLogger('silent');
const box = new SecretBox(Buffer.alloc(32, 7));

/** `sealed` with one character of part `index` changed to another base64url character. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index]!;
  parts[index] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
  return parts.join('.');
}

describe('SecretBox', () => {
  test('opens what it sealed', () => {
    const sealed = box.seal('whsec_abc', 'webhook-secret');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'webhook-secret')).toBe('whsec_abc');
  });

  test('opens the empty string', () => {
    expect(box.open(box.seal('', 'p'), 'p')).toBe('');
  });

  test('seals the same text differently each time (a fresh IV)', () => {
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
  });

  test.each([
    ['the version', 0],
    ['the IV', 1],
    ['the ciphertext', 2],
    ['the tag', 3],
  ])('refuses a value whose %s was changed', (_name, index) => {
    const sealed = box.seal('a secret long enough to change', 'p');
    expect(() => box.open(tamper(sealed, index), 'p')).toThrow();
  });

  test('refuses a shortened authentication tag, and a value with a part too many', () => {
    const shortener = new SecretBox(Buffer.alloc(32, 3));
    const [version, iv, body, tag] = shortener.seal('hello', 'p').split('.');
    expect(() => shortener.open([version, iv, body, tag!.slice(0, 6)].join('.'), 'p')).toThrow();
    expect(() => shortener.open(`${shortener.seal('hello', 'p')}.junk`, 'p')).toThrow();
  });

  test('refuses a value with a part missing', () => {
    const sealed = box.seal('x', 'p');
    const parts = sealed.split('.');
    expect(() => box.open(parts.slice(0, 3).join('.'), 'p')).toThrow('not a sealed value');
    expect(() => box.open('plain text', 'p')).toThrow('not a sealed value');
  });

  test('refuses a truncated tag', () => {
    const sealed = box.seal('x', 'p');
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, 4);
    expect(() => box.open(parts.join('.'), 'p')).toThrow();
  });

  test('opens only for the purpose it was sealed for', () => {
    const sealed = box.seal('key material', 'approval-signing-key');
    expect(() => box.open(sealed, 'webhook-secret')).toThrow();
    expect(() => box.open(sealed, '')).toThrow();
  });

  test('opens only under the key it was sealed with', () => {
    const sealed = box.seal('x', 'p');
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'p')).toThrow(
      'does not open with this key: COUNTERSIGN_SECRET_KEY is not the key it was sealed with',
    );
  });

  test('a key is 32 bytes', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('32 bytes');
    expect(() => new SecretBox(Buffer.alloc(33))).toThrow('32 bytes');
  });

  test('keeps its own copy of the key', () => {
    const key = Buffer.alloc(32, 3);
    const own = new SecretBox(key);
    const sealed = own.seal('x', 'p');
    key.fill(0);
    expect(own.open(sealed, 'p')).toBe('x');
  });
});

describe('loadSecretBox', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'countersign-sealed-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  test('generates secret.key (mode 0600) once, and reads the same key after', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const first = await loadSecretBox({ secretKey: undefined, dataDir, production: false }, log);
    const file = path.join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    const second = await loadSecretBox({ secretKey: undefined, dataDir, production: false }, log);
    expect(second.open(first.seal('shared', 'p'), 'p')).toBe('shared');
  });

  test('instances starting together end with the same, complete key, and leave no draft behind', async () => {
    for (let round = 0; round < 20; round++) {
      const dataDir = await tempDir();
      const boxes = await Promise.all(Array.from({ length: 8 }, () => loadSecretBox({ secretKey: undefined, dataDir, production: false }, log)));
      const sealed = boxes[0]!.seal('shared', 'p');
      for (const each of boxes) expect(each.open(sealed, 'p')).toBe('shared');
      expect(await readdir(dataDir)).toEqual(['secret.key']);
    }
  });

  test('refuses a key file that does not hold 32 bytes', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, 'secret.key'), `${Buffer.alloc(16, 1).toString('base64')}\n`);
    await expect(loadSecretBox({ secretKey: undefined, dataDir, production: false }, log)).rejects.toThrow(/must hold 32 random bytes/);
  });

  test('uses secretKey when given, and writes no file', async () => {
    const dataDir = await tempDir();
    const loaded = await loadSecretBox({ secretKey: Buffer.alloc(32, 7), dataDir, production: true }, log);
    expect(loaded.open(box.seal('given', 'p'), 'p')).toBe('given');
    await expect(stat(path.join(dataDir, 'secret.key'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('in production, no key is an error (never a generated one)', async () => {
    const dataDir = await tempDir();
    await expect(loadSecretBox({ secretKey: undefined, dataDir, production: true }, log)).rejects.toThrow('COUNTERSIGN_SECRET_KEY must be set');
    await expect(stat(path.join(dataDir, 'secret.key'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('no key and no data folder is an error', async () => {
    await expect(loadSecretBox({ secretKey: undefined, dataDir: '', production: false }, log)).rejects.toThrow(/no data folder/);
  });
});
