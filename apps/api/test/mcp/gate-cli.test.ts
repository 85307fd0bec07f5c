import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../fixtures.js';
import { finished, spawnTs, API_DIR } from '../processes.js';
import { text } from '../testkit.js';
import { call, connectClient, MCP_BIN, TOOL_NAMES } from './mcp-kit.js';

const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((part) => part.text ?? '').join('\n');

describe('the command line ways in', () => {
  apiTest('pnpm countersign mcp serves the MCP tools over stdio', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const client = await connectClient(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(API_DIR, 'src/app/cli/main.ts'), 'mcp'],
        cwd: API_DIR,
        env: { ...(process.env as Record<string, string>), COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: agent.key },
        stderr: 'pipe',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    } finally {
      await client.close();
    }
  });

  apiTest(
    'countersign-mcp gate init registers the gated tools with an owner token; countersign-mcp gate holds a write until the owner approves',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const created = await api.graphql(
        'mutation { createOwnerToken(input: { name: "gate", scope: ADMIN }) { ... on OwnerTokenCreated { token } } }',
        {},
        { cookie: owner.cookie },
      );
      const ownerToken = text(created.data?.createOwnerToken?.token);
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-cli-'));
      const config = path.join(folder, 'gate.json');
      writeFileSync(config, JSON.stringify({ gate: ['write_file'], waitSeconds: 1, summary: { write_file: 'Write {args.path}' } }));
      try {
        const init = spawnTs(MCP_BIN, ['gate', 'init', '--config', config, '--risk', 'write_file=MEDIUM', '--', process.execPath, FILESYSTEM_SERVER, folder], {
          COUNTERSIGN_URL: api.url,
          COUNTERSIGN_OWNER_TOKEN: ownerToken,
        });
        init.stdin?.end();
        const initOutput = await finished(init);
        expect(initOutput.code, initOutput.stderr).toBe(0);
        expect(initOutput.stderr).toContain('write_file → mcp.secure-filesystem-server.write_file v1 (defined)');
        // Not a terminal: nothing is asked, and the table says what was registered and what approving it needs.
        const table = initOutput.stdout.trim().split('\n');
        expect(table[0]).toMatch(/^tool +destructive +risk +approving needs$/);
        expect(table.slice(1)).toEqual([
          expect.stringMatching(
            /^write_file +yes +HIGH \(declared MEDIUM; destructive is always HIGH\) +the console with the password entered in the last 10 minutes/,
          ),
        ]);

        const client = await connectClient(
          new StdioClientTransport({
            command: process.execPath,
            args: [
              '--import',
              'tsx',
              MCP_BIN,
              'gate',
              '--config',
              config,
              '--journal',
              path.join(folder, 'journal.jsonl'),
              '--',
              process.execPath,
              FILESYSTEM_SERVER,
              folder,
            ],
            cwd: API_DIR,
            env: { ...(process.env as Record<string, string>), COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: agent.key },
            stderr: 'pipe',
          }),
        );
        try {
          const target = path.join(folder, 'note.txt');
          const held = await call(client, 'write_file', { path: target, content: 'from the gate' });
          expect(textOf(held)).toMatch(/Waiting for your owner's decision on request/);
          const id = /request ([0-9a-f-]{36})/.exec(textOf(held))![1]!;
          const pending = await api.graphql('query($id: ID!) { signOff(id: $id) { summary op } }', { id }, { cookie: owner.cookie });
          expect(pending.data?.signOff).toEqual({ summary: `Write ${target}`, op: 'mcp.secure-filesystem-server.write_file' });
          await api.decide(owner.cookie, id, true);
          const written = await call(client, 'write_file', { path: target, content: 'from the gate' });
          expect(written.isError ?? false).toBe(false);
          expect(readFileSync(target, 'utf8')).toBe('from the gate');
        } finally {
          await client.close();
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  test.each([
    ['unparseable JSON', '{"gate": [', /cannot read the gate config .*gate\.json: .*JSON/],
    ['an unknown field', '{"gates": ["write_file"]}', /gate\.json: unknown field gates/],
    ['a bad risk level', '{"risk": {"write_file": "SEVERE"}}', /gate\.json: "risk\.write_file" is LOW, MEDIUM or HIGH/],
  ])(
    'countersign-mcp gate with a config holding %s answers the host’s initialize with the problem, not a closed connection',
    async (_case, content, problem) => {
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-bad-'));
      const config = path.join(folder, 'gate.json');
      writeFileSync(config, content);
      try {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', MCP_BIN, 'gate', '--config', config, '--', process.execPath, FILESYSTEM_SERVER, folder],
          cwd: API_DIR,
          env: { ...(process.env as Record<string, string>), COUNTERSIGN_URL: 'http://127.0.0.1:9', COUNTERSIGN_AGENT_KEY: 'csk_unused' },
          stderr: 'pipe',
        });
        const refused = await connectClient(transport).then(
          () => 'connected',
          (error: Error) => error.message,
        );
        expect(refused).toMatch(problem);
        expect(refused).toMatch(/^MCP error -32603: countersign-mcp gate: /);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
