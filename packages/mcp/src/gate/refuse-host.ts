import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC's "internal error": the gate could not start, whatever the host asked. */
const CANNOT_START = -32603;

/**
 * Answers the host's first request (its `initialize`) with a JSON-RPC error
 * carrying `message`, then resolves. A gate that only wrote to stderr and
 * exited would show in most MCP hosts as "Connection closed", the stderr
 * line hidden in a log; an error answer to `initialize` is what hosts (and
 * the SDK's `Client.connect`) show the user. Gives up when the host closes
 * stdin without asking.
 */
export async function refuseHost(message: string): Promise<void> {
  const transport = new StdioServerTransport();
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    transport.onmessage = (received) => {
      if (!isJSONRPCRequest(received)) return;
      void transport.send({ jsonrpc: '2.0', id: received.id, error: { code: CANNOT_START, message } }).finally(() => void transport.close().finally(resolve));
    };
    process.stdin.once('end', resolve);
    void transport.start();
  });
}
