import { describe, expect } from 'vitest';
import { apiTest } from '../../test/fixtures.js';
import { finished, spawnTs } from '../../test/processes.js';

/** Runs `pnpm countersign …` as a script would, against the test's database. */
async function cli(databaseUrl: string, args: string[], stdin = '') {
  // The sealing key the test instances use (fixtures.ts), as an operator's CLI shares the server's.
  const child = spawnTs('src/cli/main.ts', args, { DATABASE_URL: databaseUrl, COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
  const result = finished(child);
  child.stdin?.end(stdin);
  return result;
}

describe('the countersign CLI', () => {
  apiTest('adds an owner (password from stdin) and an agent whose printed key answers viewer', async ({ api }) => {
    const owner = await cli(api.db.url, ['owner', 'add', '--email', 'Ops@Example.com', '--tenant', 'Operations'], 'a long enough password\n');
    expect(owner.code, owner.stderr).toBe(0);
    const agent = await cli(api.db.url, ['agent', 'add', '--owner', 'ops@example.com', '--name', 'nightly']);
    expect(agent.code, agent.stderr).toBe(0);
    const key = agent.stdout.trim();
    expect(key).toMatch(/^csk_[\w-]{43}$/);
    const viewer = await api.graphql('{ viewer { ... on Agent { name owner { email tenant { name } } } } }', {}, { key });
    expect(viewer.data?.viewer).toEqual({ name: 'nightly', owner: { email: 'ops@example.com', tenant: { name: 'Operations' } } });
    const cookie = await api.signIn('ops@example.com', 'a long enough password');
    expect(cookie).toMatch(/^countersign_session=/);
  });

  apiTest("rotates an agent's key, then revokes the agent so that its key is refused", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const rotated = await cli(api.db.url, ['agent', 'rotate', '--owner', owner.email, '--id', agent.id]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKey = rotated.stdout.trim();
    expect((await api.graphql('{ viewer { __typename } }', {}, { key: newKey })).data?.viewer).toEqual({ __typename: 'Agent' });
    expect((await api.graphql('{ viewer { __typename } }', {}, { key: agent.key })).status).toBe(401);
    const revoked = await cli(api.db.url, ['agent', 'revoke', '--owner', owner.email, '--id', agent.id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await api.graphql('{ viewer { __typename } }', {}, { key: newKey })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  apiTest("keeps an agent's pending requests through a key rotation and withdraws them when it revokes the agent", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    const stored = () => api.db.prisma.signOff.findFirstOrThrow({ where: { id } });
    expect((await cli(api.db.url, ['agent', 'rotate', '--owner', owner.email, '--id', agent.id])).code).toBe(0);
    expect(await stored()).toMatchObject({ state: 'pending', failure: null });
    expect((await cli(api.db.url, ['agent', 'revoke', '--owner', owner.email, '--id', agent.id])).code).toBe(0);
    expect(await stored()).toMatchObject({ state: 'withdrawn', failure: 'agent revoked' });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'WITHDRAWN' } });
    expect(await api.db.prisma.repository.count({ where: { id: repo.id, deletedAt: null } })).toBe(1);
  });

  apiTest('refuses a short password, an unknown owner and an unknown command with exit code 2, changing nothing', async ({ api }) => {
    const short = await cli(api.db.url, ['owner', 'add', '--email', 'x@example.com'], 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/password must be/);
    const unknown = await cli(api.db.url, ['agent', 'add', '--owner', 'nobody@example.com', '--name', 'n']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No owner has that email/);
    const bogus = await cli(api.db.url, ['frobnicate']);
    expect(bogus.code).toBe(2);
    expect(await api.db.prisma.owner.count()).toBe(0);
    expect(await api.db.prisma.agent.count()).toBe(0);
  });

  apiTest('reports status', async ({ api }) => {
    const status = await cli(api.db.url, ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/migrations applied: \d+\nowners: 0\nlive agents: 0\nsetup needed: true/);
  });

  apiTest('rotates the approval signing key: the JWKS then publishes the new key beside the old one', async ({ api }) => {
    const before = (await (await fetch(`${api.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    const rotated = await cli(api.db.url, ['approval-keys', 'rotate']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const kid = rotated.stdout.trim();
    const after = (await (await fetch(`${api.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(after.keys.map((key) => key.kid)).toEqual([kid, ...before.keys.map((key) => key.kid)]);
  });
});
