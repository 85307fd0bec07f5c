import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { isCountersignError, type CountersignAgent } from '@countersign/client';
import type { GateConfig } from './config.js';
import { isGated, operationFor, type UpstreamTool } from './tools.js';
import { gatedCall, text, type GatedCallContext } from './gated-call.js';
import { GateJournal } from './journal.js';
import { recoverFromJournal } from './recover.js';

export interface GateOptions {
  config: GateConfig;
  /** The upstream MCP server's command line, run over stdio. */
  command: string;
  args: string[];
  /** The agent's client: the only credential the gate holds. */
  agent: CountersignAgent;
  /** Where the MCP host talks to the gate (stdio in the bin; in-memory in tests). */
  transport: Transport;
  /** Diagnostics (never stdout, which carries the protocol). */
  warn?: (line: string) => void;
  /** The local journal file (JSON lines): without one, a crash mid-call leaves its outcome unreported. */
  journal?: string;
}

export interface RunningGate {
  /** Resolves with the exit code the gate should end with: 0 when the host closed it, non-zero when the upstream died. */
  done: Promise<number>;
  /** The upstream server's process id. */
  upstreamPid: number | null;
  close(): Promise<void>;
}

const GATED_NOTE =
  "Countersign: calling this tool asks the agent's owner to sign off on these exact arguments first. If the answer says it is waiting for the owner's decision, call again later with the same arguments; a denial comes back as an error with the owner's note.";

type Operations = Awaited<ReturnType<CountersignAgent['operations']>>;

/**
 * The owner's registration wins over the local config: a tool whose
 * operation the owner registered (and has not retired) is gated even when
 * this gate.json does not name it — gate.json sits beside the agent, which
 * could edit it. Asked of the server every time, failing closed.
 */
function registered(server: string, tool: UpstreamTool, defined: Operations): boolean {
  return defined.some((operation) => operation.op === operationFor(server, tool.name) && !operation.retired);
}

/**
 * A gated tool is listed with its result schema dropped (its answer may be
 * "waiting for your owner", which no upstream schema describes) and a line
 * telling the model that calls wait for a sign-off.
 */
function asGated<T extends { description?: string; outputSchema?: unknown }>(tool: T): Omit<T, 'outputSchema'> {
  const { outputSchema: _dropped, ...rest } = tool;
  void _dropped;
  return { ...rest, description: `${tool.description ?? ''}\n\n${GATED_NOTE}`.trim() };
}

/**
 * The gate: serves the upstream server's tools unchanged, except that a
 * call to a gated tool first asks the agent's owner to sign off on exactly
 * its arguments. On approval the grant is redeemed and the stored, approved
 * arguments — never the call's own, should they differ — go upstream; the
 * outcome is reported back. A wait that outlasts `waitSeconds` answers
 * "call again", and calling again with the same arguments finds the same
 * open request: the owner is never asked twice.
 */
export async function runGate({ config, command, args, agent, transport, warn = () => undefined, journal }: GateOptions): Promise<RunningGate> {
  const upstream = new Client({ name: 'countersign-gate', version: '0.1.0' });
  const upstreamTransport = new StdioClientTransport({ command, args, stderr: 'inherit' });
  let settle: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (settle = resolve));
  let closing = false;
  upstreamTransport.onclose = () => {
    if (closing) return;
    warn(`countersign-mcp gate: the upstream MCP server (${command}) exited; open sign-off requests stay in Countersign. Stopping.`);
    settle(1);
  };
  await upstream.connect(upstreamTransport);
  const server = config.server ?? upstream.getServerVersion()?.name ?? 'server';
  const waitMs = (config.waitSeconds ?? 45) * 1000;

  const host = new Server({ name: `countersign-gate (${server})`, version: '0.1.0' }, { capabilities: { tools: {} } });
  /**
   * The upstream's tools by name, read once and again only when the upstream
   * says its list changed or a call names a tool not in it: a call does not
   * cost a listing round trip.
   */
  let known: Map<string, UpstreamTool> | undefined;
  const remember = (tools: UpstreamTool[]) => (known = new Map(tools.map((tool) => [tool.name, tool])));
  upstream.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    known = undefined;
  });
  const toolNamed = async (name: string): Promise<UpstreamTool | undefined> => known?.get(name) ?? remember((await upstream.listTools()).tools).get(name);

  const gatedHere = async (tool: UpstreamTool) =>
    isGated(tool, config) || registered(server, tool, [(await agent.operation(operationFor(server, tool.name))) ?? []].flat());

  host.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const listed = await upstream.listTools(request.params);
    if (!request.params?.cursor && !listed.nextCursor) remember(listed.tools);
    const defined = await agent.operations();
    return { ...listed, tools: listed.tools.map((tool) => (isGated(tool, config) || registered(server, tool, defined) ? asGated(tool) : tool)) };
  });
  /** The request a "call again" answer named, per tool and exact arguments, so the next identical call learns its fate. */
  const asked = new Map<string, string>();
  const call: GatedCallContext = { config, server, waitMs, agent, upstream, asked, warn, journal: journal ? new GateJournal(journal) : undefined };
  host.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: callArgs = {} } = request.params;
    const tool = await toolNamed(name);
    // Not knowing whether the owner gated the tool (Countersign unreachable) forwards nothing.
    const gated = tool ? await gatedHere(tool).catch((error: unknown) => error as Error) : false;
    if (gated === false) return await upstream.callTool(request.params);
    try {
      if (gated instanceof Error) throw gated;
      return await gatedCall(call, tool!, callArgs);
    } catch (error) {
      return text(isCountersignError(error) ? `${error.code}: ${error.message}` : `INTERNAL: ${(error as Error).message}`, true);
    }
  });

  host.onclose = () => {
    if (closing) return;
    closing = true;
    void upstream.close().finally(() => settle(0));
  };
  await recoverFromJournal(call);
  await host.connect(transport);
  return {
    done,
    upstreamPid: upstreamTransport.pid,
    close: async () => {
      closing = true;
      await host.close();
      await upstream.close();
      settle(0);
    },
  };
}
