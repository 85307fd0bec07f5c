import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { finished, spawnTs } from '../../../test/processes.js';
import { loadConfig } from '../config/config.js';

// A folder without a `.env`, so only the variables each test gives are read.
const cwd = mkdtempSync(path.join(tmpdir(), 'countersign-metrics-config-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ ...env }, cwd);
const TOKEN = 'metrics-token-0123456789abcdef';

describe('the metrics settings', () => {
  test('/metrics is off unless COUNTERSIGN_METRICS=on or a token is set', () => {
    expect(load({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(load({ COUNTERSIGN_METRICS: '', COUNTERSIGN_METRICS_TOKEN: '' }).metrics).toEqual({ enabled: false, token: undefined });
    expect(load({ COUNTERSIGN_METRICS: 'off' }).metrics).toEqual({ enabled: false, token: undefined });
    expect(load({ COUNTERSIGN_METRICS: 'on' }).metrics).toEqual({ enabled: true, token: undefined });
    expect(load({ COUNTERSIGN_METRICS_TOKEN: TOKEN }).metrics).toEqual({ enabled: true, token: TOKEN });
    expect(load({ COUNTERSIGN_METRICS: 'on', COUNTERSIGN_METRICS_TOKEN: TOKEN }).metrics).toEqual({ enabled: true, token: TOKEN });
  });

  test('a COUNTERSIGN_METRICS other than on or off, off with a token, or a short token refuses, naming the setting and never the token', () => {
    for (const value of ['yes', 'ON', 'true', '1'])
      expect(() => load({ COUNTERSIGN_METRICS: value })).toThrow(`COUNTERSIGN_METRICS must be on or off, got ${value}`);
    expect(() => load({ COUNTERSIGN_METRICS: 'off', COUNTERSIGN_METRICS_TOKEN: TOKEN })).toThrow(
      'COUNTERSIGN_METRICS is off but COUNTERSIGN_METRICS_TOKEN is set: unset the token, or COUNTERSIGN_METRICS',
    );
    for (const token of ['short-token', 'a token with spaces in it']) {
      let message = '';
      try {
        load({ COUNTERSIGN_METRICS_TOKEN: token });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe('COUNTERSIGN_METRICS_TOKEN must be at least 16 characters without spaces (openssl rand -hex 32)');
    }
  });

  test('COUNTERSIGN_BUILD_COMMIT is kept when it is a commit id (in lower case) and refused, named with its value, otherwise', () => {
    expect(load({ COUNTERSIGN_METRICS: 'on', COUNTERSIGN_BUILD_COMMIT: '5B2E884' }).metrics).toEqual({
      enabled: true,
      token: undefined,
      buildCommit: '5b2e884',
    });
    expect(load({ COUNTERSIGN_BUILD_COMMIT: 'a'.repeat(40) }).metrics?.buildCommit).toBe('a'.repeat(40));
    expect(load({}).metrics?.buildCommit).toBeUndefined();
    for (const value of ['main', '5b2e88', 'a'.repeat(41), '5b2e884-dirty'])
      expect(() => load({ COUNTERSIGN_BUILD_COMMIT: value })).toThrow(
        `COUNTERSIGN_BUILD_COMMIT must be a git commit id (7 to 40 hexadecimal digits), got ${value}`,
      );
  });

  test('a server given COUNTERSIGN_METRICS=yes refuses to start, exits 1 and names the setting', async () => {
    const dataDir = path.join(cwd, 'never-created');
    const server = spawnTs('src/app/main.ts', [], { COUNTERSIGN_METRICS: 'yes', COUNTERSIGN_DATA_DIR: dataDir });
    const { code, stderr } = await finished(server);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('countersign failed to start: COUNTERSIGN_METRICS must be on or off, got yes');
    expect(existsSync(dataDir)).toBe(false);
  });
});
