/**
 * `@countersign/mcp`: the Countersign MCP server. It lets an agent on any
 * MCP host ask its owner to sign off, wait for the decision, take a secret
 * result once, redeem approvals and report on them, draw on standing
 * authorities and publish manifests, as MCP tools. Run it over stdio with
 * the `countersign-mcp` command, or reach the API's own `/mcp` endpoint.
 */
export { createCountersignMcpServer, MCP_SERVER_VERSION, type CountersignMcpServerOptions, type McpWaitOptions } from './server.js';
export { MAX_WAIT_SECONDS, SILENT_WAIT_SECONDS, type DecisionWaiter } from './wait.js';
/** The client the server acts through, so a host embedding the server needs no second import. */
export { CountersignAgent, type CountersignAgentOptions } from '@countersign/client';
/** What an embedding host needs to answer waits itself (see `McpWaitOptions`). */
export { CountersignError, isCountersignError, isDecided, type SignOff } from '@countersign/client';
