import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { threeOwners } from '../../../test/two-person-kit.js';
import { text } from '../../../test/testkit.js';

/** Runs `pnpm countersign …` as a script would, against the test's database. */
async function cli(databaseUrl: string, args: string[], stdin = '') {
  // The sealing key the test instances use (fixtures.ts), as an operator's CLI shares the server's.
  const child = spawnTs('src/app/cli/main.ts', args, { DATABASE_URL: databaseUrl, COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
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

  apiTest('reports status, exiting 1 while no instance has a fresh heartbeat', async ({ api }) => {
    // The in-process test server beats no heartbeat (a served instance does: status-exit.test.ts).
    const status = await cli(api.db.url, ['status']);
    expect(status.code, status.stderr).toBe(1);
    expect(status.stderr).toContain('countersign: status failing: no instance is alive');
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

  apiTest('creates an owner token that is printed once and acts with its scope, and revokes it at once', async ({ api }) => {
    const owner = await api.owner();
    const created = await cli(api.db.url, ['owner-token', 'create', '--owner', owner.email, '--name', 'nightly report', '--scope', 'read']);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^cso_[\w-]{43}$/);
    expect(created.stderr).not.toContain(token);
    expect((await api.graphql('{ ownerTokens { nodes { name scope } } }', {}, { key: token })).data?.ownerTokens?.nodes).toEqual([
      { name: 'nightly report', scope: 'READ' },
    ]);
    const refused = await api.graphql('mutation { createAgent(input: { name: "x" }) { __typename } }', {}, { key: token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const id = (await api.db.prisma.ownerToken.findFirstOrThrow()).id;
    const revoked = await cli(api.db.url, ['owner-token', 'revoke', '--owner', owner.email, '--id', id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await api.graphql('{ viewer { __typename } }', {}, { key: token })).status).toBe(401);
    const badScope = await cli(api.db.url, ['owner-token', 'create', '--owner', owner.email, '--name', 'n', '--scope', 'root']);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toMatch(/--scope is read, decide or admin/);
    expect(await api.db.prisma.ownerToken.count()).toBe(1);
  });

  apiTest("lists an agent's summary with its escape sequences, bidi and invisible characters escaped, as the console shows them", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    // Erase the line, return to its start, set the clipboard (OSC 52), a C1 CSI, a right-to-left override and a zero-width space.
    const summary = 'Tidy up\u001b[2K\r\u001b]52;c;ZXZpbA==\u0007 \u009b31mred\u202e\u200b\nnext';
    const asked = await api.request(agent.key, { op: 'repository.delete', repository: repo.name, input: {}, summary });
    expect(asked.data?.requestSignOff?.__typename, JSON.stringify(asked)).toBe('SignOffRequested');
    const listed = await cli(api.db.url, ['signoff', 'list', '--owner', owner.email]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.match(/[\p{Cc}\p{Cf}]/gu)?.filter((char) => char !== '\t' && char !== '\n')).toEqual([]);
    const [line, ...rest] = listed.stdout.split('\n');
    expect(rest).toEqual(['']);
    expect(line!.split('\t')[4]).toBe('Tidy up\\u001b[2K \\u001b]52;c;ZXZpbA==\\u0007 \\u009b31mred\\u202e\\u200b next');
  });

  apiTest('lists sign-offs, approves one and denies another with a note, as the console would', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const first = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
    const second = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    const listed = await cli(api.db.url, ['signoff', 'list', '--owner', owner.email, '--state', 'pending']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 3));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        [second, 'PENDING', 'repository.delete'],
        [first, 'PENDING', 'repository.mintToken'],
      ]),
    );
    const approved = await cli(api.db.url, ['signoff', 'approve', first, '--owner', owner.email, '--note', 'fine']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout.trim()).toBe('SUCCEEDED');
    expect(text(await api.take(agent.key, first).then((taken) => taken.__typename))).toBe('SignOffSecret');
    const noteless = await cli(api.db.url, ['signoff', 'deny', second, '--owner', owner.email]);
    expect(noteless.code).toBe(2);
    expect(noteless.stderr).toMatch(/needs --note/);
    const denied = await cli(api.db.url, ['signoff', 'deny', second, '--owner', owner.email, '--note', 'keep it']);
    expect(denied.code, denied.stderr).toBe(0);
    expect(await api.db.prisma.signOff.findFirstOrThrow({ where: { id: second } })).toMatchObject({ state: 'denied', note: 'keep it' });
    const again = await cli(api.db.url, ['signoff', 'deny', second, '--owner', owner.email, '--note', 'twice']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/no longer pending: it is DENIED/);
    expect(await api.db.prisma.repository.count({ where: { id: repo.id, deletedAt: null } })).toBe(1);
  });

  apiTest(
    'approves a two-person request once per owner: a repeat by the first approver is refused, changing nothing, and a second owner completes it',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
      const first = await cli(api.db.url, ['signoff', 'approve', id, '--owner', owner.email]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout.trim()).toBe('PARTIALLY_APPROVED');
      expect(first.stderr).toMatch(/waits for a second owner/);
      const repeat = await cli(api.db.url, ['signoff', 'approve', id, '--owner', owner.email]);
      expect(repeat.code).toBe(2);
      expect(repeat.stderr).toMatch(/the second must be another owner/);
      expect(await api.db.prisma.signOff.findFirstOrThrow({ where: { id }, select: { state: true } })).toEqual({ state: 'partially_approved' });
      const completed = await cli(api.db.url, ['signoff', 'approve', id, '--owner', second.email]);
      expect(completed.code, completed.stderr).toBe(0);
      expect(completed.stdout.trim()).toBe('SUCCEEDED');
    },
  );

  apiTest('issues an authority and registers a signing key for an owner', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const issued = await cli(api.db.url, [
      'authority',
      'issue',
      '--owner',
      owner.email,
      '--agent',
      agent.id,
      '--name',
      'cloud spend',
      '--minor-units',
      '5000',
      '--currency',
      'EUR',
      '--draws',
      '10',
    ]);
    expect(issued.code, issued.stderr).toBe(0);
    const authority = await api.graphql(`{ authority(id: "${issued.stdout.trim()}") { name currency } }`, {}, { key: agent.key });
    expect(authority.data?.authority).toEqual({ name: 'cloud spend', currency: 'EUR' });
    const badAmount = await cli(api.db.url, ['authority', 'issue', '--owner', owner.email, '--agent', agent.id, '--name', 'n', '--tokens', '1.5']);
    expect(badAmount.code).toBe(2);
    expect(badAmount.stderr).toMatch(/--tokens must be a whole number/);
    expect(await api.db.prisma.authority.count()).toBe(1);

    const raw = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
    const added = await cli(api.db.url, ['signing-key', 'add', '--owner', owner.email, '--name', 'release', '--public-key', raw]);
    expect(added.code, added.stderr).toBe(0);
    const keys = await api.graphql('{ signingKeys { nodes { keyId name } } }', {}, { cookie: owner.cookie });
    expect(keys.data?.signingKeys?.nodes).toEqual([{ keyId: added.stdout.trim(), name: 'release' }]);
  });

  apiTest(
    'prints a new first-owner setup link that sets up the owner, the earlier unused one no longer working; refuses with exit 2 once an owner exists',
    async ({ api }) => {
      const setup = (token: string, email: string) =>
        api.graphql('mutation($i: SetupFirstOwnerInput!) { setupFirstOwner(input: $i) { __typename } }', {
          i: { token, email, password: 'a long passphrase', tenantName: 'First' },
        });
      const first = await cli(api.db.url, ['setup-link']);
      const second = await cli(api.db.url, ['setup-link']);
      expect([first.code, second.code], second.stderr).toEqual([0, 0]);
      const tokenOf = (stdout: string) => /^http:\/\/127\.0\.0\.1:\d+\/setup#token=(\S+)\n$/.exec(stdout)?.[1] ?? '';
      expect((await setup(tokenOf(first.stdout), 'early@example.com')).data?.setupFirstOwner?.__typename).toBe('SetupClosed');
      expect((await setup(tokenOf(second.stdout), 'first@example.com')).data?.setupFirstOwner?.__typename).toBe('SetupCompleted');
      const refused = await cli(api.db.url, ['setup-link']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('An owner exists already');
    },
  );

  apiTest('refuses to create a second embedded database without --init, naming the folder it would use and the running one', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-cli-'));
    try {
      const dataDir = path.join(scratch, 'elsewhere', '.countersign');
      // The note a server on another folder leaves (platform/db/embedded/running-servers.ts), under a private temp folder.
      const serverTmp = path.join(scratch, 'tmp');
      const notes = path.join(serverTmp, `countersign-${userInfo().uid}`, 'servers');
      mkdirSync(notes, { recursive: true });
      writeFileSync(path.join(notes, `${process.pid}.json`), JSON.stringify({ dataDir: '/srv/countersign/.countersign' }));
      const child = spawnTs('src/app/cli/main.ts', ['status'], { DATABASE_URL: '', COUNTERSIGN_DATA_DIR: dataDir, TMPDIR: serverTmp });
      const refused = await finished(child);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`No Countersign database in ${dataDir}`);
      expect(refused.stderr).toContain('A server is running on /srv/countersign/.countersign');
      expect(refused.stderr).toContain('--init');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
