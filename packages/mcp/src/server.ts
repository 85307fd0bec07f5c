import type { CountersignAgent } from '@countersign/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { registerAuthorityTools } from './authority-tools.js';
import { registerCatalogueTools } from './catalogue-tools.js';
import { toolError } from './results.js';
import { registerSignOffTools } from './sign-off-tools.js';
import type { DecisionWaiter } from './wait.js';

/** How the server introduces itself to an MCP host. */
export interface CountersignMcpServerOptions {
  /** The server's name in the host's `initialize` handshake; `countersign` when left out. */
  name?: string;
  /** Its version there; the package's when left out. */
  version?: string;
  /** How `wait_for_decision` calls are admitted and listen; left out, uncounted, through the agent's `waitForDecision`. */
  waits?: McpWaitOptions;
}

/**
 * What a server embedded in a Countersign API (its `/mcp`) changes about
 * waits: there, many MCP requests of one agent share one process, and each
 * wait holds its request open for as long as it lasts.
 */
export interface McpWaitOptions {
  /**
   * Takes a place for one wait and answers the function that gives it back
   * (called once, when the wait ends however it ends), or undefined when the
   * agent already holds every place it may: the call then answers
   * `RATE_LIMITED` at once, with `refusal` as its message.
   */
  admit?: () => (() => void) | undefined;
  /** The message of a wait `admit` refused. */
  refusal?: string;
  /** How a wait learns of the decision; left out, the agent's `waitForDecision` (its WebSocket, or polling). */
  waitForDecision?: DecisionWaiter;
}

/** This package's version, as the server reports it unless told otherwise. */
export const MCP_SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Countersign puts your human owner in the loop: before anything consequential or irreversible, ask them to sign off on exactly what you will do.',
  'Typical flow: list_operations → request_sign_off (keep the id) → wait_for_decision (repeat while decided is false) → then, by state:',
  'SUCCEEDED: take_secret if a secret waits; AWAITING_REDEEM: redeem_sign_off, act with exactly the approved input (signOff.input, which your owner may have changed: when changedByOwner, act on it, never on your own arguments), report_outcome; DENIED: do not do it.',
  'After a restart, list_my_sign_offs finds what you asked before. For routine spending within a budget your owner granted, use list_authorities and draw_authority instead.',
].join(' ');

/**
 * The Countersign MCP server for one agent: every tool acts as `agent`
 * (its key decides what it may see and do). Connect it to a transport:
 * stdio (see bin.ts) or Streamable HTTP (the API's `/mcp`).
 *
 * Every tool has a JSON Schema input and output and answers
 * `structuredContent`; every failure is a tool error (`isError: true`)
 * whose text is `CODE: message`, with the API's code, and never a stack.
 *
 * The tools' GraphQL goes wherever the agent sends it: over HTTP to its
 * `url`, or to any executor given as the agent's `fetch` (the API's `/mcp`
 * runs each call in its own process, through the same checks as `/graphql`).
 */
export function createCountersignMcpServer(agent: CountersignAgent, options: CountersignMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'countersign', version: options.version ?? MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
  codeSdkToolErrors(server);
  registerCatalogueTools(server, agent);
  registerSignOffTools(server, agent, options.waits);
  registerAuthorityTools(server, agent);
  return server;
}

/**
 * The SDK answers the failures it finds itself (arguments that fail a tool's
 * schema, an unknown tool) as tool errors with its own wording; its hook for
 * that is private. Our tools never reach it (they catch their own errors), so
 * wrapping it gives those answers the same `CODE: message` form as the rest:
 * BAD_INPUT for what the caller sent, INTERNAL for an answer of ours that
 * fails its own output schema. If a later SDK drops the hook, its own wording
 * stays, still as a tool error.
 */
function codeSdkToolErrors(server: McpServer): void {
  const hooks = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof hooks.createToolError !== 'function') return;
  hooks.createToolError = (message: string) => {
    const text = message.replace(/^MCP error -?\d+: /, '');
    return toolError(text.startsWith('Output validation error') ? 'INTERNAL' : 'BAD_INPUT', text);
  };
}
