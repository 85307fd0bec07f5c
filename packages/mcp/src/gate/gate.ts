import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson, isCountersignError, type CountersignAgent, type SignOff } from '@countersign/client';
import type { GateConfig } from './config.js';
import { isGated, operationFor, operationSchema, summaryOf, type UpstreamTool } from './tools.js';

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

const text = (message: string, isError: boolean): CallToolResult => ({ content: [{ type: 'text', text: message }], isError });

/** What the owner sees of the upstream's answer in History: whether it failed, and its text, cut to size. */
function outcomeOf(result: CallToolResult): Record<string, unknown> {
  const texts = result.content.filter((part) => part.type === 'text').map((part) => part.text);
  return { isError: result.isError === true, text: texts.join('\n').slice(0, 4000) };
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
export async function runGate({ config, command, args, agent, transport, warn = () => undefined }: GateOptions): Promise<RunningGate> {
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
  // A gated tool is listed with its result schema dropped (its answer may be "waiting for your owner", which no upstream
  // schema describes) and a line telling the model that calls wait for a sign-off; every other tool is listed unchanged.
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

  host.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const listed = await upstream.listTools(request.params);
    if (!request.params?.cursor && !listed.nextCursor) remember(listed.tools);
    return {
      ...listed,
      tools: listed.tools.map((tool) => {
        if (!isGated(tool, config)) return tool;
        const { outputSchema: _dropped, ...rest } = tool;
        void _dropped;
        return { ...rest, description: `${tool.description ?? ''}\n\n${GATED_NOTE}`.trim() };
      }),
    };
  });
  /** The request a "call again" answer named, per tool and exact arguments, so the next identical call learns its fate. */
  const asked = new Map<string, string>();
  host.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: callArgs = {} } = request.params;
    const tool = await toolNamed(name);
    if (!tool || !isGated(tool, config)) return await upstream.callTool(request.params);
    try {
      return await gatedCall(tool, callArgs);
    } catch (error) {
      return text(isCountersignError(error) ? `${error.code}: ${error.message}` : `INTERNAL: ${(error as Error).message}`, true);
    }
  });

  async function gatedCall(tool: UpstreamTool, callArgs: Record<string, unknown>): Promise<CallToolResult> {
    const op = operationFor(server, tool.name);
    const defined = await agent.operation(op);
    const problem = !defined
      ? 'is not registered'
      : defined.retired
        ? 'is retired'
        : defined.runner !== 'AGENT' || canonicalJson(defined.inputSchema) !== canonicalJson(operationSchema(tool))
          ? "no longer matches the tool's schema upstream"
          : null;
    if (problem) {
      return text(
        `${tool.name} needs your owner's sign-off, but its operation ${op} ${problem}: your owner must run \`countersign-mcp gate init\` for this server.`,
        true,
      );
    }
    const key = `${op}\u0000${canonicalJson(callArgs)}`;
    const earlier = asked.get(key);
    asked.delete(key);
    let signOff = earlier ? await agent.signOff(earlier) : null;
    // A decision against the request this call is the follow-up of is the answer, once; the next call asks anew.
    if (signOff && signOff.state !== 'PENDING' && signOff.state !== 'PARTIALLY_APPROVED' && signOff.state !== 'AWAITING_REDEEM') return closed(signOff);
    signOff ??= (await agent.requestSignOff({ op, input: callArgs, summary: summaryOf(tool, server, config, callArgs) })).signOff;
    if (signOff.state === 'PENDING' || signOff.state === 'PARTIALLY_APPROVED') {
      try {
        signOff = await agent.waitForDecision(signOff.id, { timeoutMs: waitMs });
      } catch (error) {
        if (!isCountersignError(error) || error.code !== 'TIMEOUT') throw error;
        asked.set(key, signOff.id);
        return text(
          `Waiting for your owner's decision on request ${signOff.id}. Call ${tool.name} again with the same arguments to keep waiting; it will not ask twice.`,
          false,
        );
      }
    }
    if (signOff.state !== 'AWAITING_REDEEM') return closed(signOff);
    const { signOff: redeemed } = await agent.redeem(signOff.id);
    // Exactly what the owner approved, as stored: never the arguments of this call.
    const approved = redeemed.input as Record<string, unknown>;
    let result: CallToolResult;
    try {
      result = (await upstream.callTool({ name: tool.name, arguments: approved })) as CallToolResult;
    } catch (error) {
      await agent.reportOutcome(signOff.id, { succeeded: false, failure: `The upstream server failed: ${(error as Error).message}`.slice(0, 2000) });
      throw error;
    }
    await agent
      .reportOutcome(
        signOff.id,
        result.isError
          ? { succeeded: false, failure: String(outcomeOf(result).text).slice(0, 2000) || 'the tool reported an error' }
          : { succeeded: true, result: outcomeOf(result) },
      )
      .catch((error: unknown) => warn(`countersign-mcp gate: could not report the outcome of ${signOff.id}: ${(error as Error).message}`));
    return redeemed.changedByOwner ? changedByOwner(result, approved) : result;
  }

  /** The model asked one thing and the owner approved another (M7): the result says so first, with what ran, so it does not assume its own arguments. */
  function changedByOwner(result: CallToolResult, approved: Record<string, unknown>): CallToolResult {
    const notice = {
      type: 'text' as const,
      text: `Your owner approved this call with changes; it ran with these arguments, not yours: ${canonicalJson(approved)}`,
    };
    return { ...result, content: [notice, ...(result.content ?? [])] };
  }

  function closed(signOff: SignOff): CallToolResult {
    if (signOff.state === 'DENIED') return text(`Your owner denied this call (request ${signOff.id})${signOff.note ? `: ${signOff.note}` : '.'}`, true);
    if (signOff.state === 'REDEEMED' || signOff.state === 'SUCCEEDED' || signOff.state === 'FAILED') {
      return text(`Request ${signOff.id} was already redeemed and run; ask again (call with new arguments) to do it once more.`, true);
    }
    return text(`Request ${signOff.id} is ${signOff.state.toLowerCase()}: nothing was run. Call again to ask your owner anew.`, true);
  }

  host.onclose = () => {
    if (closing) return;
    closing = true;
    void upstream.close().finally(() => settle(0));
  };
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
