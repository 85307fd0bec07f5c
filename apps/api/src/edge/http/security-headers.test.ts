import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { EventBus } from '../../platform/events/bus.js';
import { spawnApi } from '../../../test/spawn-api.js';

describe('security headers', () => {
  dbTest('are on the console, the API and the health checks: no framing, own scripts only, no referrer, no sniffing', async ({ database }) => {
    const consoleDir = mkdtempSync(path.join(tmpdir(), 'console-'));
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig({ consoleDir }), db: database, bus, log: testLog });
    try {
      const answers = [
        await fetch(`${server.url}/inbox`),
        await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ viewer { __typename } }"}',
        }),
        await fetch(`${server.url}/healthz`),
      ];
      for (const answer of answers) {
        const csp = answer.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain('unsafe-inline');
        expect(answer.headers.get('x-frame-options')).toBe('DENY');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
        // Plain HTTP: HSTS would be meaningless (and sticky for localhost) here.
        expect(answer.headers.get('strict-transport-security')).toBeNull();
      }
      expect(await answers[0]!.text()).toContain('<div id="root">');
    } finally {
      await server.close();
      await bus.stop();
    }
  });

  dbTest('adds HSTS when a trusted proxy says the request came over TLS, and only then', async ({ database }) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const trusting = await spawnApi({ config: testConfig({ trustedProxies: ['loopback'] }), db: database, bus, log: testLog });
    const untrusting = await spawnApi({ config: testConfig({ trustedProxies: [] }), db: database, bus, log: testLog });
    try {
      const viaTls = await fetch(`${trusting.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const spoofed = await fetch(`${untrusting.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await trusting.close();
      await untrusting.close();
      await bus.stop();
    }
  });
});
