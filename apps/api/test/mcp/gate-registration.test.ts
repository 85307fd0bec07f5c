import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CountersignAgent } from '@countersign/client';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { text } from '../testkit.js';
import { runGate } from '../../../../packages/mcp/src/gate/gate.js';
import { gateInit } from '../../../../packages/mcp/src/gate/init.js';

const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe('the gate and the owner’s registration', () => {
  apiTest('gates a tool the owner registered even when the local gate.json leaves it out, and passes the others through', async ({ api }) => {
    const owner = await api.owner();
    const agentKeys = await api.agent(owner);
    const created = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'gate init', scope: 'ADMIN' } },
      { cookie: owner.cookie },
    );
    const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-registered-'));
    writeFileSync(path.join(folder, 'hello.txt'), 'hello');
    const upstream = { command: process.execPath, args: [FILESYSTEM_SERVER, folder] };
    await gateInit({ config: { gate: ['write_file'] }, ...upstream, url: api.url, ownerToken: text(created.data?.createOwnerToken?.token) });
    const agent = new CountersignAgent({ url: api.url, key: agentKeys.key });
    // The agent's copy of gate.json names only create_directory: write_file is missing from it.
    const [hostSide, gateSide] = InMemoryTransport.createLinkedPair();
    const gate = await runGate({ config: { gate: ['create_directory'], waitSeconds: 1 }, ...upstream, agent, transport: gateSide });
    const host = new Client({ name: 'host', version: '0' });
    try {
      await host.connect(hostSide);
      const listed = (await host.listTools()).tools;
      expect(listed.find((tool) => tool.name === 'write_file')?.description).toContain("asks the agent's owner to sign off");
      expect(listed.find((tool) => tool.name === 'edit_file')?.description).not.toContain("asks the agent's owner to sign off");

      const target = path.join(folder, 'out.txt');
      const held = (await host.callTool({ name: 'write_file', arguments: { path: target, content: 'x' } })) as CallToolResult;
      expect(held.isError, textOf(held)).toBe(false);
      expect(textOf(held)).toMatch(/^Waiting for your owner's decision on request /);
      expect(existsSync(target)).toBe(false);
      const pending = await api.graphql('{ pendingSignOffCount }', {}, { cookie: owner.cookie });
      expect(pending.data?.pendingSignOffCount).toBe(1);

      // A tool neither the owner registered nor gate.json names passes straight through.
      const edit = (await host.callTool({
        name: 'edit_file',
        arguments: { path: path.join(folder, 'hello.txt'), edits: [{ oldText: 'hello', newText: 'hi' }] },
      })) as CallToolResult;
      expect(edit.isError ?? false, textOf(edit)).toBe(false);
      expect(readFileSync(path.join(folder, 'hello.txt'), 'utf8')).toBe('hi');
    } finally {
      await host.close();
      await gate.close();
      await agent.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
