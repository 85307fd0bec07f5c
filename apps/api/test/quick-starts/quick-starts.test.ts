import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, structured } from '../mcp/mcp-kit.js';
import { oauthTest } from '../oauth/oauth-kit.js';
import { ownerToken } from '../owner-token-kit.js';
import { text, type TestApi } from '../testkit.js';
import { finished } from '../processes.js';
import { QuickStartFolder } from './folder.js';
import { connectStdio, connectWithOAuth, serverOf } from './host.js';
import { approveEach, workspace, type Workspace } from './owner-desk.js';
import { materialise, quickStarts, type QuickStartBlock } from './readme-blocks.js';
import { packRelease } from './release.js';

// Every quick start of the READMEs, run as written (readme-blocks.ts says how
// a block is tagged): from an empty folder outside the workspace, installing
// from the packed release with npm and npx, against a live API on a real
// PostgreSQL whose owner approves each request as it comes. Each path's time
// to first success runs from its empty folder to the check that it worked.

const PATHS = ['client', 'mcp-stdio', 'mcp-oauth', 'ciba', 'gate', 'python', 'ai-sdk', 'openai-agents', 'langgraph'];
const timings: [string, number][] = [];
let release: string;

beforeAll(() => {
  release = packRelease();
});

afterAll(() => {
  if (release) rmSync(release, { recursive: true, force: true });
  const table = timings.map(([name, seconds]) => `  ${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s`).join('\n');
  process.stdout.write(`\ntime to first success, per quick start (from an empty folder):\n${table}\n`);
});

/** The path's steps, checked to be there, in order. */
function steps(name: string, kinds: string[]): QuickStartBlock[] {
  const blocks = quickStarts().get(name) ?? [];
  expect(
    blocks.map((block) => block.file ?? block.lang),
    `the ${name} quick start's tagged blocks`,
  ).toEqual(kinds);
  return blocks;
}

/** Runs `body` in a fresh folder, times it to its end (its last check), and always removes the folder. */
async function timed(name: string, body: (folder: QuickStartFolder) => Promise<void>): Promise<void> {
  const folder = new QuickStartFolder(name);
  const started = performance.now();
  try {
    await body(folder);
    timings.push([name, (performance.now() - started) / 1000]);
  } finally {
    folder.remove();
  }
}

function values(api: TestApi, scene: Workspace, extra: Record<string, string> = {}): Record<string, string> {
  return { RELEASE: release, COUNTERSIGN_URL: api.url, KEY: scene.agent.key, COUNTERSIGN_AGENT_KEY: scene.agent.key, AGENT_ID: scene.agent.id, ...extra };
}

async function succeeded(run: Promise<{ code: number | null; stdout: string; stderr: string }>): Promise<string> {
  const { code, stdout, stderr } = await run;
  expect({ code, stderr: code === 0 ? '' : stderr }, stdout).toEqual({ code: 0, stderr: '' });
  return stdout;
}

/** An sh install step, then a file that asks: the owner approves `approvals` requests while it runs. */
async function installThenRun(folder: QuickStartFolder, api: TestApi, scene: Workspace, [install, script]: QuickStartBlock[], approvals: number) {
  const vars = values(api, scene);
  await succeeded(folder.run(install!, vars));
  const running = finished(folder.start(script!, vars));
  await approveEach(api, scene.owner, approvals);
  return succeeded(running);
}

/** An MCP host's first success: ask for a read token on `docs`, wait while the owner approves, take it once. */
async function askAndTake(api: TestApi, scene: Workspace, client: Client): Promise<void> {
  const asked = structured(
    await call(client, 'request_sign_off', {
      op: 'repository.mintToken',
      repository: 'docs',
      input: { scopes: ['read'], ttlHours: 1 },
      summary: 'Docs build token',
    }),
  );
  const waiting = call(client, 'wait_for_decision', { id: asked.id });
  expect(await approveEach(api, scene.owner, 1)).toEqual(['repository.mintToken']);
  expect(structured(await waiting)).toMatchObject({ decided: true, signOff: { state: 'SUCCEEDED' } });
  const taken = structured(await call(client, 'take_secret', { id: asked.id })) as { secret: { token: string } };
  expect(taken.secret.token).toMatch(/^cst_/);
}

describe('the READMEs’ quick starts, run as written', () => {
  test('every tagged path is one this file runs', () => {
    expect([...quickStarts().keys()].sort()).toEqual([...PATHS].sort());
  });

  oauthTest('client: npm install from the release, then node quick-start.mjs asks, waits and takes the token', async ({ api }) => {
    const scene = await workspace(api);
    await timed('client', async (folder) => {
      const stdout = await installThenRun(folder, api, scene, steps('client', ['sh', 'quick-start.mjs']), 1);
      expect(stdout).toMatch(/^\{ token: 'cst_[^']+' \}$/m);
    });
  });

  oauthTest('mcp-stdio: the host configuration starts countersign-mcp through npx from the tarballs', async ({ api }) => {
    const scene = await workspace(api);
    await timed('mcp-stdio', async (folder) => {
      const [config] = steps('mcp-stdio', ['json']);
      const { client, close } = await connectStdio(folder, serverOf(materialise(config!, values(api, scene))));
      try {
        await askAndTake(api, scene, client);
      } finally {
        await close();
      }
    });
  });

  oauthTest('mcp-oauth: the host configuration with only the address signs in with OAuth as the agent the owner picks', async ({ api }) => {
    const scene = await workspace(api);
    await timed('mcp-oauth', async () => {
      const [config] = steps('mcp-oauth', ['json']);
      const server = serverOf(materialise(config!, values(api, scene)));
      expect(server.url).toBe(`${api.url}/mcp`);
      const client = await connectWithOAuth(api, server, scene.owner, scene.agent.id);
      try {
        await askAndTake(api, scene, client);
      } finally {
        await client.close();
      }
    });
  });

  oauthTest('ciba: the owner binds a client with the README’s mutation; curl asks in the backchannel and polls to the approval token', async ({ api }) => {
    const scene = await workspace(api);
    await timed('ciba', async (folder) => {
      const [mutation, script] = steps('ciba', ['graphql', 'sh']);
      const created = await api.graphql(materialise(mutation!, values(api, scene)), {}, { cookie: scene.owner.cookie });
      const client = created.data?.createAgentOAuthClient;
      expect(text(client?.__typename), JSON.stringify(created)).toBe('AgentOAuthClientCreated');
      const running = finished(folder.start(script!, values(api, scene, { CLIENT_ID: text(client?.clientId), CLIENT_SECRET: text(client?.clientSecret) })));
      expect(await approveEach(api, scene.owner, 1)).toEqual(['email.send']);
      const lines = (await succeeded(running)).trimEnd().split('\n');
      expect(lines[0]).toMatch(/^asked: \S+$/);
      const tokens = JSON.parse(lines.at(-1)!) as { access_token: string; token_type: string };
      expect(tokens.token_type).toBe('Bearer');
      expect(tokens.access_token.split('.')).toHaveLength(3);
    });
  });

  oauthTest('gate: gate init registers the filesystem server’s tools; the host’s configuration writes a file only once the owner approves', async ({ api }) => {
    const scene = await workspace(api);
    await timed('gate', async (folder) => {
      const [init, config] = steps('gate', ['sh', 'json']);
      const shared = path.join(folder.dir, 'shared');
      mkdirSync(shared);
      const vars = values(api, scene, { OWNER_TOKEN: await ownerToken(api, scene.owner.cookie, 'ADMIN'), SHARED: shared });
      expect(await succeeded(folder.run(init!, vars))).toMatch(/write_file/);
      const { client, close } = await connectStdio(folder, serverOf(materialise(config!, vars)));
      try {
        const target = path.join(shared, 'report.txt');
        const writing = call(client, 'write_file', { path: target, content: 'Week 48' });
        expect(await approveEach(api, scene.owner, 1)).toHaveLength(1);
        const written = await writing;
        expect(written.isError ?? false, JSON.stringify(written.content)).toBe(false);
        expect(readFileSync(target, 'utf8')).toBe('Week 48');
      } finally {
        await close();
      }
    });
  });

  oauthTest('python: python3 countersign_mcp.py asks twice, takes the token, redeems and reports', async ({ api }) => {
    const scene = await workspace(api);
    await timed('python', async (folder) => {
      const [script] = steps('python', ['countersign_mcp.py']);
      const running = finished(folder.start(script!, values(api, scene)));
      expect(await approveEach(api, scene.owner, 2)).toEqual(['repository.mintToken', 'email.send']);
      expect((await succeeded(running)).trimEnd().split('\n').at(-1)).toBe('reported: SUCCEEDED');
    });
  });

  for (const [name, success] of [
    ['ai-sdk', /^sent to ada@example\.com$/m],
    ['openai-agents', /^sent to ada@example\.com$/m],
    ['langgraph', /^sent to ada@example\.com$/m],
  ] as const) {
    oauthTest(`${name}: npm install beside the framework, then node quick-start.mjs runs the wrapped tool once the owner approves`, async ({ api }) => {
      const scene = await workspace(api);
      await timed(name, async (folder) => {
        expect(await installThenRun(folder, api, scene, steps(name, ['sh', 'quick-start.mjs']), 1)).toMatch(success);
      });
    });
  }
});
