import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CountersignAgent } from '@countersign/client';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { failed, type SignedInOwner, type TestApi } from '../testkit.js';
import type { GateConfig } from '../../../../packages/mcp/src/gate/config.js';
import { runGate } from '../../../../packages/mcp/src/gate/gate.js';
import { gateInit } from '../../../../packages/mcp/src/gate/init.js';

/** A real third-party MCP server from the registry, run as its own process. */
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** An owner API token, as the owner creates one for scripts (and `gate init`). */
async function ownerToken(api: TestApi, owner: SignedInOwner, scope: 'READ' | 'DECIDE' | 'ADMIN'): Promise<string> {
  const created = await api.graphql(
    'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
    { input: { name: `gate ${scope}`, scope } },
    { cookie: owner.cookie },
  );
  const token: unknown = created.data?.createOwnerToken?.token;
  if (typeof token !== 'string') throw new Error(`createOwnerToken failed: ${JSON.stringify(created)}`);
  return token;
}

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
const requestIdIn = (result: CallToolResult) => /request ([0-9a-f-]{36})/.exec(textOf(result))?.[1];

async function scene(api: TestApi, config: GateConfig = { waitSeconds: 1 }) {
  const owner = await api.owner();
  const agentKeys = await api.agent(owner);
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-'));
  writeFileSync(path.join(folder, 'hello.txt'), 'hello');
  const upstream = { command: process.execPath, args: [FILESYSTEM_SERVER, folder] };
  const agent = new CountersignAgent({ url: api.url, key: agentKeys.key });
  const [hostSide, gateSide] = InMemoryTransport.createLinkedPair();
  return { owner, agentKey: agentKeys.key, folder, upstream, agent, hostSide, gateSide, config };
}

type Scene = Awaited<ReturnType<typeof scene>>;
type Gate = Awaited<ReturnType<typeof runGate>>;

/**
 * Runs the gate in front of the scene's upstream server with an MCP host
 * connected to it, and stops all of it (host, gate, upstream, agent, folder)
 * whatever `use` does, so a failed assertion leaves no process behind.
 */
async function withGate(s: Scene, use: (host: Client, gate: Gate) => Promise<void>): Promise<void> {
  const gate = await runGate({ config: s.config, ...s.upstream, agent: s.agent, transport: s.gateSide });
  const host = new Client({ name: 'host', version: '0' });
  try {
    await host.connect(s.hostSide);
    await use(host, gate);
  } finally {
    await host.close();
    await gate.close();
    await s.agent.close();
    rmSync(s.folder, { recursive: true, force: true });
  }
}

async function decide(api: TestApi, owner: SignedInOwner, id: string, approve: boolean, note?: string) {
  const decided = await api.decide(owner.cookie, id, approve, note);
  expect(decided.__typename, JSON.stringify(decided)).toBe('SignOffDecided');
}

describe('the sign-off gate in front of a third-party MCP server', () => {
  apiTest(
    'registers gated tools once; passes reads through; holds a write until the owner approves, then writes exactly what was approved',
    async ({ api }) => {
      const s = await scene(api);
      const { owner, agentKey, folder, upstream, config } = s;
      // An agent key cannot register gates: defining is the owner's, and a read-only owner token is refused too.
      await expect(gateInit({ config, ...upstream, url: api.url, ownerToken: agentKey })).rejects.toThrow(/FORBIDDEN|UNAUTHENTICATED/);
      await expect(gateInit({ config, ...upstream, url: api.url, ownerToken: await ownerToken(api, owner, 'READ') })).rejects.toThrow(/FORBIDDEN/);
      const admin = await ownerToken(api, owner, 'ADMIN');
      const lines = await gateInit({ config, ...upstream, url: api.url, ownerToken: admin });
      expect(lines.map((line) => line.tool)).toEqual(expect.arrayContaining(['write_file', 'edit_file', 'create_directory', 'move_file']) as unknown);
      expect(lines.map((line) => line.tool)).not.toContain('read_file');
      expect(lines.find((line) => line.tool === 'write_file')).toMatchObject({ op: 'mcp.secure-filesystem-server.write_file', version: 1, created: true });
      // Unchanged tools: no new versions.
      const again = await gateInit({ config, ...upstream, url: api.url, ownerToken: admin });
      expect(again.every((line) => !line.created && line.version === 1)).toBe(true);

      await withGate(s, async (host) => {
        const listed = await host.listTools();
        expect(listed.tools.map((tool) => tool.name)).toContain('write_file');
        const read = (await host.callTool({ name: 'read_text_file', arguments: { path: path.join(folder, 'hello.txt') } })) as CallToolResult;
        expect(textOf(read)).toContain('hello');

        const target = path.join(folder, 'out.txt');
        const held = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'approved words' } })) as CallToolResult;
        expect(held.isError, textOf(held)).toBe(false);
        expect(textOf(held)).toMatch(/Waiting for your owner's decision/);
        const id = requestIdIn(held)!;
        // Calling again before a decision finds the same request: the owner is asked once.
        const still = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'approved words' } })) as CallToolResult;
        expect(requestIdIn(still)).toBe(id);
        expect(() => readFileSync(target)).toThrow();

        await decide(api, owner, id, true);
        const written = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'approved words' } })) as CallToolResult;
        expect(written.isError ?? false).toBe(false);
        expect(readFileSync(target, 'utf8')).toBe('approved words');
        const history = await api.graphql('query($id: ID!) { signOff(id: $id) { state redeemedAt result } }', { id }, { cookie: owner.cookie });
        expect(history.data?.signOff ?? failed(history)).toMatchObject({ state: 'SUCCEEDED', result: { isError: false } });
        const pending = await api.graphql('{ pendingSignOffCount }', {}, { cookie: owner.cookie });
        expect(pending.data?.pendingSignOffCount).toBe(0);
      });
    },
  );

  apiTest("returns the owner's note for a denied write and writes nothing; other arguments are a new request, never the approved one's", async ({ api }) => {
    const s = await scene(api);
    const { owner, folder, upstream, config } = s;
    await gateInit({ config, ...upstream, url: api.url, ownerToken: await ownerToken(api, owner, 'ADMIN') });
    await withGate(s, async (host) => {
      const target = path.join(folder, 'denied.txt');
      const held = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'no' } })) as CallToolResult;
      await decide(api, owner, requestIdIn(held)!, false, 'not in this folder');
      const denied = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'no' } })) as CallToolResult;
      expect(denied.isError).toBe(true);
      expect(textOf(denied)).toContain('not in this folder');
      expect(() => readFileSync(target)).toThrow();

      const approvedTarget = path.join(folder, 'approved.txt');
      const first = (await host.callTool({ name: 'write_file', arguments: { path: approvedTarget, content: 'A' } })) as CallToolResult;
      await decide(api, owner, requestIdIn(first)!, true);
      // The approval is for content "A": a call with "B" is another request, held, and nothing is written.
      const changed = (await host.callTool({ name: 'write_file', arguments: { path: approvedTarget, content: 'B' } })) as CallToolResult;
      expect(textOf(changed)).toMatch(/Waiting for your owner's decision/);
      expect(requestIdIn(changed)).not.toBe(requestIdIn(first));
      expect(() => readFileSync(approvedTarget)).toThrow();
    });
  });

  apiTest('refuses a gated tool whose operation is not registered, telling the agent its owner must run gate init', async ({ api }) => {
    const s = await scene(api);
    const { folder } = s;
    await withGate(s, async (host) => {
      const refused = (await host.callTool({ name: 'write_file', arguments: { path: path.join(folder, 'x.txt'), content: 'x' } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('gate init');
      expect(() => readFileSync(path.join(folder, 'x.txt'))).toThrow();
    });
  });

  apiTest('stops with a non-zero code when the upstream server dies, its open requests kept', async ({ api }) => {
    const s = await scene(api);
    const { owner, folder, upstream, config } = s;
    await gateInit({ config, ...upstream, url: api.url, ownerToken: await ownerToken(api, owner, 'ADMIN') });
    await withGate(s, async (host, gate) => {
      await host.callTool({ name: 'write_file', arguments: { path: path.join(folder, 'y.txt'), content: 'y' } });
      process.kill(gate.upstreamPid!, 'SIGKILL');
      expect(await gate.done).toBe(1);
      const pending = await api.graphql('{ pendingSignOffCount }', {}, { cookie: owner.cookie });
      expect(pending.data?.pendingSignOffCount).toBe(1);
    });
  });
});
