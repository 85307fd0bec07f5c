import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { waitFor } from '../testkit.js';
import { isAlive } from '../../src/platform/db/embedded/process-alive.js';
import type { SignedInOwner, TestApi } from '../testkit.js';
import { Browser, consent, TestHost } from '../oauth/oauth-kit.js';
import type { QuickStartFolder } from './folder.js';

/*
 * An MCP host reading a quick start's configuration (`{"mcpServers": {…}}`),
 * as Claude Desktop or Cursor would: a `command` is spawned over stdio with
 * the `env` it names, a `type: "http"` server is reached at its `url`,
 * signing in with OAuth when it answers 401.
 */

interface ServerEntry {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  type?: string;
  url?: string;
}

/** The one server a configuration names. */
export function serverOf(config: string): ServerEntry {
  const servers = Object.values((JSON.parse(config) as { mcpServers: Record<string, ServerEntry> }).mcpServers);
  expect(servers).toHaveLength(1);
  return servers[0]!;
}

async function connected(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'quick-start-host', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Every process below `pid`, children first found first (`ps` lists each one's parent). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const parent = queue.shift()!;
    const children = table.filter(([, ppid]) => ppid === parent).map(([child]) => child);
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/**
 * Spawns a stdio server from the folder, with the folder's environment under
 * the server's own `env`. Closing it also ends what the server started: npx
 * runs the gate, which runs npx and the filesystem server, and closing the
 * SDK's transport ends only the first of them.
 */
export async function connectStdio(folder: QuickStartFolder, server: ServerEntry): Promise<{ client: Client; close: () => Promise<void> }> {
  expect(server.command, 'a stdio server names its command').toBeTruthy();
  const transport = new StdioClientTransport({
    command: server.command!,
    args: server.args ?? [],
    env: { ...folder.env(), ...server.env },
    cwd: folder.dir,
    stderr: 'pipe',
  });
  const client = await connected(transport);
  const close = async () => {
    const tree = transport.pid === null ? [] : descendants(transport.pid);
    await client.close();
    for (const pid of tree.filter(isAlive)) process.kill(pid, 'SIGTERM');
    await waitFor(() => !tree.some(isAlive), 10_000);
  };
  return { client, close };
}

/**
 * Connects to an HTTP server the way an MCP host that speaks the
 * authorization spec does: the first attempt is refused, the host registers
 * and opens the owner's browser, where `owner` picks `agent`; the code comes
 * back and the second attempt carries the token.
 */
export async function connectWithOAuth(api: TestApi, server: ServerEntry, owner: SignedInOwner, agent: string): Promise<Client> {
  expect(server.type).toBe('http');
  const url = new URL(server.url!);
  const host = new TestHost('Quick start host');
  const first = new StreamableHTTPClientTransport(url, { authProvider: host });
  await expect(connected(first)).rejects.toBeInstanceOf(UnauthorizedError);
  const { redirect } = await consent(api, new Browser(owner), host.authorizationUrl!, { agent });
  await first.finishAuth(redirect.searchParams.get('code')!);
  return connected(new StreamableHTTPClientTransport(url, { authProvider: host }));
}
