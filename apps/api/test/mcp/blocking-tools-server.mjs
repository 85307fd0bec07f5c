// An MCP server (stdio) with one destructive tool, `record`, that appends its
// content to the file named by argv[2] — so a test can count how often it ran —
// and, for the content "block", never answers: the test kills the gate while
// the call is upstream. Plain JavaScript: it runs as its own process.
import { appendFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const calls = process.argv[2];
const server = new Server({ name: 'blocking', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'record',
      description: 'Appends content to the record.',
      inputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'], additionalProperties: false },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const content = String(request.params.arguments?.content);
  appendFileSync(calls, `${content}\n`);
  if (content === 'block') return new Promise(() => undefined);
  return { content: [{ type: 'text', text: `recorded ${content}` }] };
});
await server.connect(new StdioServerTransport());
