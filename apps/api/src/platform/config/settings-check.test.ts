import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { sourceFiles } from '../../../test/source-files.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { loadConfig, settingWarnings } from './config.js';
import { editDistance, readSecretFiles, unknownSettings } from './settings-check.js';
import { knownSetting, SETTINGS } from './settings-registry.js';

const cwd = mkdtempSync(path.join(tmpdir(), 'countersign-settings-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const KEY = Buffer.alloc(32, 3).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', COUNTERSIGN_SECRET_KEY: KEY, DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db' };
const COUNTERSIGN_NAMES = SETTINGS.map((setting) => setting.name).filter((name) => name.startsWith('COUNTERSIGN_'));

describe('the settings registry', () => {
  test('names every COUNTERSIGN_* variable the API, the client and the MCP server mention', () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const files = [path.join(root, 'apps/api/src'), path.join(root, 'packages/client/src'), path.join(root, 'packages/mcp/src')].flatMap(sourceFiles);
    // Warning codes the client emits (polling, an outcome it could not report), and the constant esbuild defines in the built server: not variables.
    const notSettings = new Set(['COUNTERSIGN_POLLING', 'COUNTERSIGN_OUTCOME', 'COUNTERSIGN_BUNDLE']);
    const mentioned = new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bCOUNTERSIGN_[A-Z0-9_]*[A-Z0-9]\b/g)].map((m) => m[0])));
    const missing = [...mentioned].filter((name) => !notSettings.has(name) && knownSetting(name) === undefined && !name.endsWith('_PREFIX'));
    expect(missing).toEqual([]);
    // The scan reads the code that reads the settings: the server's, the client's and the cluster's own.
    for (const name of ['COUNTERSIGN_SECRET_KEY', 'COUNTERSIGN_AGENT_KEY', 'COUNTERSIGN_CLUSTER_WORKER']) expect(mentioned).toContain(name);
  });

  test('stops a production start on an unknown COUNTERSIGN_* name, naming it and the nearest setting; elsewhere warns', () => {
    expect(() => loadConfig({ ...PRODUCTION, COUNTERSIGN_WORKRS: '2' }, cwd)).toThrow(
      'COUNTERSIGN_WORKRS is not a Countersign setting (did you mean COUNTERSIGN_WORKERS?)',
    );
    expect(() => loadConfig({ ...PRODUCTION, COUNTERSIGN_FROBNICATE: '1' }, cwd)).toThrow(/^COUNTERSIGN_FROBNICATE is not a Countersign setting$/);
    const env = { COUNTERSIGN_SECRT_KEY: KEY };
    expect(() => loadConfig({ ...env }, cwd)).not.toThrow();
    expect(settingWarnings(env)).toEqual(['COUNTERSIGN_SECRT_KEY is not a Countersign setting (did you mean COUNTERSIGN_SECRET_KEY?)']);
    // A secret's file form is a setting too.
    expect(unknownSettings({ COUNTERSIGN_SECRET_KEY_FILE: '/k', COUNTERSIGN_WORKERS: '1', COUNTERSIGN_CLUSTER_WORKER: '0' })).toEqual([]);
  });

  test('reads a secret from <NAME>_FILE, without its trailing newline, and refuses both forms or an unreadable file', () => {
    const file = path.join(cwd, 'secret.key');
    writeFileSync(file, `${KEY}\n`);
    const env: NodeJS.ProcessEnv = { COUNTERSIGN_SECRET_KEY_FILE: file };
    expect(loadConfig(env, cwd).secretKey).toEqual(Buffer.alloc(32, 3));
    // Inherited by a cluster's workers once, as the value.
    expect(env).toEqual({ COUNTERSIGN_SECRET_KEY: KEY });
    expect(() => readSecretFiles({ COUNTERSIGN_SECRET_KEY: KEY, COUNTERSIGN_SECRET_KEY_FILE: file })).toThrow(
      'Set COUNTERSIGN_SECRET_KEY or COUNTERSIGN_SECRET_KEY_FILE, not both',
    );
    const absent = path.join(cwd, 'absent');
    expect(() => readSecretFiles({ DATABASE_URL_FILE: absent })).toThrow(`DATABASE_URL_FILE names ${absent}, which cannot be read (ENOENT)`);
    // Only a secret has a file form: another setting's _FILE is an unknown name.
    expect(unknownSettings({ COUNTERSIGN_WORKERS_FILE: file }).map((u) => u.name)).toEqual(['COUNTERSIGN_WORKERS_FILE']);
  });

  test('edit distance is a metric: zero only for equal names, symmetric, and within the triangle', () => {
    const name = fc.stringMatching(/^[A-Z_]{0,12}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, c)).toBeLessThanOrEqual(editDistance(a, b) + editDistance(b, c));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  test('suggests, for any one-letter typo of a setting, a setting at most one edit away', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUNTERSIGN_NAMES), fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), (name, at, letter) => {
        const i = 'COUNTERSIGN_'.length + (at % (name.length - 'COUNTERSIGN_'.length));
        const typo = name.slice(0, i) + letter + name.slice(i + 1);
        fc.pre(knownSetting(typo) === undefined);
        const [unknown] = unknownSettings({ [typo]: '1' });
        expect(unknown?.nearest).toBeDefined();
        expect(editDistance(typo, unknown!.nearest!)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('countersign config check', () => {
  const check = (env: Record<string, string>) => finished(spawnTs('src/app/cli/main.ts', ['config', 'check'], { INIT_CWD: cwd, ...env }));

  test('prints every setting with its source, secrets hidden, and exits 0 when nothing is wrong', async () => {
    const file = path.join(cwd, 'token');
    writeFileSync(file, 'a-metrics-token-of-enough-length\n');
    const result = await check({ DATABASE_URL: 'postgres://u:hunter2@127.0.0.1:1/db', COUNTERSIGN_METRICS_TOKEN_FILE: file, COUNTERSIGN_WORKERS: '2' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^DATABASE_URL +\[set, not shown\] {2}from the environment$/m);
    expect(result.stdout).toMatch(
      new RegExp(`^COUNTERSIGN_METRICS_TOKEN +\\[set, not shown\\] {2}from the file ${file} \\(COUNTERSIGN_METRICS_TOKEN_FILE\\)$`, 'm'),
    );
    expect(result.stdout).toMatch(/^COUNTERSIGN_WORKERS +2 {2}from the environment$/m);
    expect(result.stdout).toMatch(/^COUNTERSIGN_DB_LOCK_TIMEOUT_MS +\(default\) {2}unset$/m);
    expect(result.stdout).not.toContain('hunter2');
    expect(result.stdout).not.toContain('a-metrics-token-of-enough-length');
    expect(result.stdout.trimEnd().endsWith('config check: no errors')).toBe(true);
  });

  test('exits 1 naming every error: a refused value, and an unknown name with the setting it likely meant', async () => {
    const result = await check({ COUNTERSIGN_METRICS: 'yes', COUNTERSIGN_DB_LOCK_TIMOUT_MS: '100' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('error: COUNTERSIGN_METRICS must be on or off, got yes\n');
    expect(result.stdout).toContain('error: COUNTERSIGN_DB_LOCK_TIMOUT_MS is not a Countersign setting (did you mean COUNTERSIGN_DB_LOCK_TIMEOUT_MS?)\n');
    expect(result.stdout.trimEnd().endsWith('config check: 2 errors')).toBe(true);
  });
});
