import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CountersignAgent } from '@countersign/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { APIRequestContext } from '@playwright/test';
// The gate is not part of @countersign/mcp's public exports (only the bin runs it), so the test reaches its source, as the API's test does.
import type { GateConfig } from '../../packages/mcp/src/gate/config.js';
import { runGate } from '../../packages/mcp/src/gate/gate.js';
import { gateInit } from '../../packages/mcp/src/gate/init.js';
import { postGraphQL } from './graphql.js';

/** A real third-party MCP server from the registry, run as its own process on a folder of the test's. */
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** The name the filesystem server gives itself, hence the middle of its operations' names. */
export const FILESYSTEM_SERVER_NAME = 'secure-filesystem-server';

const CREATE_OWNER_TOKEN = /* GraphQL */ `
  mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {
    createOwnerToken(input: $input) {
      __typename
      ... on OwnerTokenCreated {
        token
      }
    }
  }
`;

/**
 * Creates an owner API token with the admin scope, as an owner does for
 * `gate init`; `request` must carry the owner's session cookie.
 */
export async function createAdminToken(request: APIRequestContext, name: string): Promise<string> {
  const answer = await postGraphQL<{ createOwnerToken: { __typename: string; token?: string } }>(request, CREATE_OWNER_TOKEN, {
    variables: { input: { name, scope: 'ADMIN' } },
  });
  const token = answer.data?.createOwnerToken.token;
  if (!token) throw new Error(`createOwnerToken failed: ${JSON.stringify(answer)}`);
  return token;
}

/** The gate in front of the filesystem server, seen from the MCP host's side. */
export interface FilesystemGate {
  /** The temporary folder the filesystem server may touch; removed on close. */
  folder: string;
  /** Calls a tool through the gate, as an MCP host would. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Closes the host, the gate and the filesystem server's process, and removes the folder. */
  close(): Promise<void>;
}

export interface OpenGateOptions {
  config: GateConfig;
  /** The Countersign server's origin. */
  url: string;
  /** An admin owner token: registering the gated tools is the owner's. */
  ownerToken: string;
  /** The agent's client: the only credential the running gate holds. */
  agent: CountersignAgent;
  /** Files the folder starts with, by name. */
  files?: Record<string, string>;
}

/**
 * Registers the filesystem server's gated tools as the owner (`gate init`),
 * then runs the gate for the agent in this process, the host talking to it
 * over an in-memory transport and the gate to the upstream server over stdio.
 */
export async function openFilesystemGate({ config, url, ownerToken, agent, files = {} }: OpenGateOptions): Promise<FilesystemGate> {
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-e2e-gate-'));
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    try {
      // Host first, then the gate (which ends the upstream process): the reverse of how they were opened.
      for (const closer of closers.reverse()) await closer();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
    const upstream = { command: process.execPath, args: [FILESYSTEM_SERVER, folder] };
    await gateInit({ config, ...upstream, url, ownerToken });
    const [hostSide, gateSide] = InMemoryTransport.createLinkedPair();
    const gate = await runGate({ config, ...upstream, agent, transport: gateSide });
    closers.push(() => gate.close());
    const host = new Client({ name: 'e2e-host', version: '0' });
    await host.connect(hostSide);
    closers.push(() => host.close());
    return {
      folder,
      call: async (name, args) => (await host.callTool({ name, arguments: args })) as CallToolResult,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A tool result's text parts, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The request id a "waiting for your owner's decision" answer names. */
export function requestIdIn(result: CallToolResult): string {
  const id = /request ([0-9a-f-]{36})/.exec(textOf(result))?.[1];
  if (!id) throw new Error(`No request id in the gate's answer: ${textOf(result)}`);
  return id;
}
