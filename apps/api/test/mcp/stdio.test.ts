import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { API_DIR, finished } from '../processes.js';
import { askWaitAndTakeOnce, call, connectClient, errorText, MCP_BIN, revokeAgent } from './mcp-kit.js';

/** The stdio server as a host starts it: a child process speaking MCP on its stdin and stdout. */
function stdioTransport(env: Record<string, string>): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', MCP_BIN], cwd: API_DIR, env, stderr: 'pipe' });
}

/** Starts the server with `env` alone and answers how it ended. */
function startAlone(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MCP_BIN], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return finished(child);
}

describe('the Countersign MCP server over stdio', () => {
  apiTest('lists its tools, asks, sees the approval while waiting and hands the secret over once', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const client = await connectClient(stdioTransport({ COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: key }));
    try {
      await askWaitAndTakeOnce(api, owner, client);
    } finally {
      await client.close();
    }
  });

  apiTest('answers arguments that fail a tool schema, and unknown ids, as tool errors with a code', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const client = await connectClient(stdioTransport({ COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: key }));
    try {
      expect(errorText(await call(client, 'request_sign_off', { op: 42, input: {}, summary: 'x' }))).toMatch(/^BAD_INPUT: /);
      expect(errorText(await call(client, 'wait_for_decision', { id: 'x', timeoutSeconds: 0 }))).toMatch(/^BAD_INPUT: /);
      expect(errorText(await call(client, 'get_sign_off', { id: '00000000-0000-4000-8000-000000000000' }))).toMatch(/^NOT_FOUND: /);
      const refused = errorText(await call(client, 'request_sign_off', { op: 'repository.mintToken', input: { scopes: ['read'] }, summary: 'no repository' }));
      expect(refused).toMatch(/^BAD_INPUT: /);
      expect(refused).not.toMatch(/\n\s+at /);
    } finally {
      await client.close();
    }
  });

  apiTest('refuses to start without a key, with one line on stderr and exit code 1', async ({ api }) => {
    const { code, stdout, stderr } = await startAlone({ COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: '' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('COUNTERSIGN_AGENT_KEY is not set')]);
  });

  apiTest('refuses to start with a revoked key, with one line on stderr and exit code 1', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await revokeAgent(api, owner, agent.id);
    const { code, stdout, stderr } = await startAlone({ COUNTERSIGN_URL: api.url, COUNTERSIGN_AGENT_KEY: agent.key });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('refused COUNTERSIGN_AGENT_KEY')]);
  });
});
