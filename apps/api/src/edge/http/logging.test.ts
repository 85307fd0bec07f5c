import { describe, expect } from 'vitest';
import { apiTest, testConfig } from '../../../test/fixtures.js';
import { text } from '../../../test/testkit.js';
import { createLogger } from '../../platform/logger.js';
import { spawnApi } from '../../../test/spawn-api.js';

describe('logs', () => {
  apiTest('record every request with an id, and never a password, key, cookie or secret', async ({ api }) => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const server = await spawnApi({ config: testConfig(), db: api.db, bus: api.bus, log });
    // The readiness probe's request is spawnApi's, not one of this test's.
    lines.length = 0;
    try {
      const owner = await api.owner();
      const cookie = await api.signIn(owner.email, owner.password);
      const signIn = await api.graphql(
        'mutation($i: SignInInput!) { signIn(input: $i) { __typename } }',
        { i: { email: owner.email, password: owner.password } },
        {},
        server.url,
      );
      expect(signIn.data?.signIn?.__typename).toBe('SignedIn');
      const created = await api.graphql(
        'mutation { createAgent(input: { name: "logged" }) { ... on AgentCreated { key agent { id } } } }',
        {},
        { cookie },
        server.url,
      );
      const key = text(created.data?.createAgent?.key);
      await api.repository(owner, 'docs');
      const asked = await api.graphql(
        'mutation { requestSignOff(input: { op: "repository.mintToken", repository: "docs", input: { scopes: ["read"], ttlHours: 1 }, summary: "s" }) { ... on SignOffRequested { signOff { id } } } }',
        {},
        { key },
        server.url,
      );
      const id = text(asked.data?.requestSignOff?.signOff?.id);
      await api.decide(cookie, id, true, undefined, server.url);
      const taken = await api.graphql('mutation($id: ID!) { takeSignOffSecret(id: $id) { ... on SignOffSecret { secret } } }', { id }, { key }, server.url);
      const token = text(taken.data?.takeSignOffSecret?.secret?.token);
      await api.graphql('{ viewer { __typename } }', {}, { key: 'csk_not-a-real-key' }, server.url);

      const output = lines.join('');
      const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
      expect(requests.length).toBeGreaterThanOrEqual(6);
      expect(requests.every((entry) => typeof entry.requestId === 'string' && entry.path === '/graphql')).toBe(true);
      for (const secret of [owner.password, key, cookie.split('=')[1]!, token, 'csk_not-a-real-key']) expect(output).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
