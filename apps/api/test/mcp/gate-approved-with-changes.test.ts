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
import { approveWith, hashOf } from '../edit-kit.js';
import { text } from '../testkit.js';
import { runGate } from '../../../../packages/mcp/src/gate/gate.js';
import { gateInit } from '../../../../packages/mcp/src/gate/init.js';
import { nextStep } from '../../../../packages/mcp/src/guidance.js';

const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
const requestIdIn = (result: CallToolResult) => /request ([0-9a-f-]{36})/.exec(textOf(result))?.[1];

describe('the sign-off gate when the owner approves with changes', () => {
  apiTest('writes the owner’s edited arguments, never the call’s own, when the agent calls again with its own', async ({ api }) => {
    const owner = await api.owner();
    const agentKeys = await api.agent(owner);
    const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-'));
    writeFileSync(path.join(folder, 'hello.txt'), 'hello');
    const upstream = { command: process.execPath, args: [FILESYSTEM_SERVER, folder] };
    const config = { waitSeconds: 1 };
    const created = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'gate ADMIN', scope: 'ADMIN' } },
      { cookie: owner.cookie },
    );
    await gateInit({ config, ...upstream, url: api.url, ownerToken: text(created.data?.createOwnerToken?.token) });
    const agent = new CountersignAgent({ url: api.url, key: agentKeys.key });
    const [hostSide, gateSide] = InMemoryTransport.createLinkedPair();
    const gate = await runGate({ config, ...upstream, agent, transport: gateSide });
    const host = new Client({ name: 'host', version: '0' });
    await host.connect(hostSide);
    try {
      const target = path.join(folder, 'out.txt');
      const asked = { path: target, content: 'the agent’s words' };
      const held = (await host.callTool({ name: 'write_file', arguments: asked })) as CallToolResult;
      expect(textOf(held)).toMatch(/Waiting for your owner's decision/);
      const id = requestIdIn(held)!;

      const edited = { path: target, content: 'the owner’s words' };
      expect(await approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: hashOf(asked) })).toMatchObject({
        signOff: { state: 'AWAITING_REDEEM', changedByOwner: true },
      });
      const signOff = (await agent.signOff(id))!;
      // The client and the MCP tools carry both inputs, so an agent can tell what its owner changed.
      expect(signOff).toMatchObject({ changedByOwner: true, input: edited, requestedInput: asked, requestedInputHash: hashOf(asked) });
      expect(nextStep(signOff)).toMatch(/when changedByOwner, act on signOff\.input, never on your own arguments/);

      const written = (await host.callTool({ name: 'write_file', arguments: asked })) as CallToolResult;
      expect(written.isError ?? false, textOf(written)).toBe(false);
      // The model is told first that its arguments were not what ran, and what did.
      expect(textOf(written)).toMatch(/^Your owner approved this call with changes; it ran with these arguments, not yours: \{.*the owner’s words/);
      expect(readFileSync(target, 'utf8')).toBe('the owner’s words');
      const history = await api.graphql('query($id: ID!) { signOff(id: $id) { state input requestedInput } }', { id }, { cookie: owner.cookie });
      expect(history.data?.signOff).toEqual({ state: 'SUCCEEDED', input: edited, requestedInput: asked });
    } finally {
      await host.close();
      await gate.close();
      await agent.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
