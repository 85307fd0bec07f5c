import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CountersignAgent } from '@countersign/client';
import { describe, expect, vi } from 'vitest';
import { apiTest } from '../fixtures.js';
import { API_DIR } from '../processes.js';
import { text } from '../testkit.js';
import { call, connectClient, MCP_BIN } from './mcp-kit.js';
import { gateInit } from '../../../../packages/mcp/src/gate/init.js';
import { GateJournal, OUTCOME_UNKNOWN } from '../../../../packages/mcp/src/gate/journal.js';

const BLOCKING_SERVER = fileURLToPath(new URL('./blocking-tools-server.mjs', import.meta.url));
const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((part) => part.text ?? '').join('\n');

describe('the gate journal across a crash', () => {
  apiTest(
    'never forwards a grant twice: one killed mid-call is reported as outcome unknown, one redeemed but never forwarded is forwarded on restart, the owner asked once each',
    async ({ api }) => {
      const owner = await api.owner();
      const agentKeys = await api.agent(owner);
      const created = await api.graphql(
        'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
        { input: { name: 'gate init', scope: 'ADMIN' } },
        { cookie: owner.cookie },
      );
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-journal-'));
      const calls = path.join(folder, 'calls.log');
      const journal = path.join(folder, 'journal.jsonl');
      const config = path.join(folder, 'gate.json');
      writeFileSync(config, JSON.stringify({ waitSeconds: 1 }));
      const upstream = { command: process.execPath, args: [BLOCKING_SERVER, calls] };
      await gateInit({ config: {}, ...upstream, url: api.url, ownerToken: text(created.data?.createOwnerToken?.token) });
      const startGate = async () => {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', MCP_BIN, 'gate', '--config', config, '--journal', journal, '--', upstream.command, ...upstream.args],
          cwd: API_DIR,
          env: { ...(process.env as Record<string, string>), COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: agentKeys.key },
          stderr: 'pipe',
        });
        return { client: await connectClient(transport), pid: () => transport.pid! };
      };
      const signOff = async (id: string) =>
        (await api.graphql('query($id: ID!) { signOff(id: $id) { state failure } }', { id }, { cookie: owner.cookie })).data?.signOff as unknown;
      const ask = async (client: Awaited<ReturnType<typeof startGate>>['client'], content: string) => {
        const held = await call(client, 'record', { content });
        expect(textOf(held)).toMatch(/^Waiting for your owner's decision on request /);
        const id = /request ([0-9a-f-]{36})/.exec(textOf(held))![1]!;
        expect((await api.decide(owner.cookie, id, true)).__typename).toBe('SignOffDecided');
        return id;
      };
      const agent = new CountersignAgent({ url: api.url, key: agentKeys.key });
      try {
        const first = await startGate();
        const blocked = await ask(first.client, 'block');
        void first.client.callTool({ name: 'record', arguments: { content: 'block' } }).catch(() => undefined);
        await vi.waitFor(() => expect(existsSync(calls) && readFileSync(calls, 'utf8')).toBe('block\n'), { timeout: 20_000 });
        expect(new GateJournal(journal).unfinished()).toEqual([expect.objectContaining({ grant: blocked, tool: 'record', state: 'forwarding' })]);
        process.kill(first.pid(), 'SIGKILL');
        await first.client.close();

        // Restarted: the call may have run, so it is not forwarded again; its outcome is reported unknown.
        const second = await startGate();
        expect(await signOff(blocked)).toEqual({ state: 'FAILED', failure: OUTCOME_UNKNOWN });
        expect(readFileSync(calls, 'utf8')).toBe('block\n');

        // A grant redeemed, then a crash before anything went upstream: journalled `redeeming` only.
        const redeemed = await ask(second.client, 'once');
        await second.client.close();
        const { signOff: grant } = await agent.redeem(redeemed);
        new GateJournal(journal).append({ grant: redeemed, tool: 'record', inputHash: grant.inputHash, state: 'redeeming' });
        const third = await startGate();
        expect(await signOff(redeemed)).toEqual({ state: 'SUCCEEDED', failure: null });
        expect(readFileSync(calls, 'utf8')).toBe('block\nonce\n');
        expect(new GateJournal(journal).unfinished()).toEqual([]);
        await third.client.close();
        // No request was asked beyond the two the owner approved.
        expect((await agent.signOffs()).nodes).toHaveLength(2);
      } finally {
        await agent.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
