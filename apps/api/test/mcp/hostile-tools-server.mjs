// An MCP server (stdio) listing one tool whose input schema is the
// exponential one (nested anyOf through $ref, 2 ** 24 ways down), so a test
// can run `gate init` against it. Plain JavaScript: it runs as its own process.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const definitions = { d24: { type: 'integer' } };
for (let i = 0; i < 24; i++) definitions[`d${i}`] = { anyOf: [{ $ref: `#/definitions/d${i + 1}` }, { $ref: `#/definitions/d${i + 1}` }] };

const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'nested_write',
      description: 'A write whose schema is exponential to check.',
      inputSchema: { type: 'object', definitions, properties: { x: { $ref: '#/definitions/d0' } } },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'done' }] }));
await server.connect(new StdioServerTransport());
