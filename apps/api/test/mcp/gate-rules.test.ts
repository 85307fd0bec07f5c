import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkGateConfig } from '../../../../packages/mcp/src/gate/config.js';
import { isGated, operationFor, summaryOf, type UpstreamTool } from '../../../../packages/mcp/src/gate/tools.js';
import { checkOpName } from '../../src/domains/operations/names.js';

const tool = (name: string, annotations?: UpstreamTool['annotations']): UpstreamTool => ({ name, inputSchema: { type: 'object' }, annotations });

describe('the gate rules', () => {
  test('name every tool an operation the API accepts, whatever the server and tool are called', () => {
    expect(operationFor('secure-filesystem-server', 'write_file')).toBe('mcp.secure-filesystem-server.write_file');
    expect(operationFor('My Server', 'Write File!')).toBe('mcp.my-server.write-file-');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (server, name) => {
        expect(() => checkOpName(operationFor(server, name))).not.toThrow();
      }),
    );
  });

  test('gate, by default, every tool not marked read-only; by annotations, the destructive or writing ones; by list, names and globs', () => {
    const tools = [tool('read', { readOnlyHint: true }), tool('write', { readOnlyHint: false }), tool('wipe', { destructiveHint: true }), tool('unmarked')];
    const gated = (config: Parameters<typeof isGated>[1]) => tools.filter((t) => isGated(t, config)).map((t) => t.name);
    expect(gated({})).toEqual(['write', 'wipe', 'unmarked']);
    expect(gated({ gate: 'annotations' })).toEqual(['write', 'wipe']);
    expect(gated({ gate: ['w*', 'read'] })).toEqual(['read', 'write', 'wipe']);
  });

  test('fill a summary template from the call, within 200 characters', () => {
    const config = { summary: { write_file: 'Write {args.path} ({tool} on {server})' } };
    expect(summaryOf(tool('write_file'), 'fs', config, { path: '/tmp/a' })).toBe('Write /tmp/a (write_file on fs)');
    expect(summaryOf(tool('other'), 'fs', config, {})).toBe('Call other on fs');
    expect(summaryOf(tool('write_file'), 'fs', config, { path: 'x'.repeat(500) })).toHaveLength(200);
  });

  test('refuse a config naming unknown fields or wrong values, saying which', () => {
    expect(() => checkGateConfig({ gates: [] })).toThrow('unknown field gates');
    expect(() => checkGateConfig({ gate: 'all' })).toThrow('"gate" is a list');
    expect(() => checkGateConfig({ risk: { write_file: 'SEVERE' } })).toThrow('"risk.write_file" is LOW, MEDIUM or HIGH');
    expect(() => checkGateConfig({ waitSeconds: 0 })).toThrow('"waitSeconds" is from 1 to 3600');
    expect(checkGateConfig({ gate: ['write_*'], waitSeconds: 30 })).toEqual({ gate: ['write_*'], waitSeconds: 30 });
  });
});
