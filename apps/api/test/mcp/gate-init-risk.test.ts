import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { text } from '../testkit.js';
import { gateInit, initTable } from '../../../../packages/mcp/src/gate/init.js';
import type { Risk } from '../../../../packages/mcp/src/gate/config.js';

const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

describe('gate init and each tool’s risk', () => {
  apiTest(
    'asks each gated tool’s risk the config leaves open, declares the answers, and tables a destructive tool as HIGH whatever was answered',
    async ({ api }) => {
      const owner = await api.owner();
      const created = await api.graphql(
        'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
        { input: { name: 'gate init', scope: 'ADMIN' } },
        { cookie: owner.cookie },
      );
      const ownerToken = text(created.data?.createOwnerToken?.token);
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-gate-risk-'));
      const asked: [string, boolean, Risk][] = [];
      try {
        const lines = await gateInit({
          config: { gate: ['write_file', 'create_directory', 'move_file'], risk: { move_file: 'HIGH' } },
          command: process.execPath,
          args: [FILESYSTEM_SERVER, folder],
          url: api.url,
          ownerToken,
          ask: (tool, destructive, suggested) => {
            asked.push([tool.name, destructive, suggested]);
            return Promise.resolve(tool.name === 'create_directory' ? 'LOW' : 'MEDIUM');
          },
        });
        // move_file's risk is the config's: not asked.
        expect(asked).toEqual([
          ['write_file', true, 'HIGH'],
          ['create_directory', false, 'MEDIUM'],
        ]);
        expect(lines.map(({ tool, destructive, risk, effectiveRisk }) => ({ tool, destructive, risk, effectiveRisk }))).toEqual([
          { tool: 'write_file', destructive: true, risk: 'MEDIUM', effectiveRisk: 'HIGH' },
          { tool: 'create_directory', destructive: false, risk: 'LOW', effectiveRisk: 'LOW' },
          { tool: 'move_file', destructive: true, risk: 'HIGH', effectiveRisk: 'HIGH' },
        ]);
        const declared = await api.graphql(
          '{ a: operation(op: "mcp.secure-filesystem-server.create_directory") { risk irreversible } b: operation(op: "mcp.secure-filesystem-server.write_file") { risk irreversible } }',
          {},
          { cookie: owner.cookie },
        );
        expect(declared.data).toEqual({ a: { risk: 'LOW', irreversible: false }, b: { risk: 'MEDIUM', irreversible: true } });
        expect(initTable(lines).split('\n')).toEqual([
          expect.stringMatching(/^tool +destructive +risk +approving needs$/),
          expect.stringMatching(/^write_file +yes +HIGH \(declared MEDIUM; destructive is always HIGH\) +the console with the password/),
          expect.stringMatching(/^create_directory +no +LOW +any owner decision/),
          expect.stringMatching(/^move_file +yes +HIGH +the console with the password/),
        ]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
