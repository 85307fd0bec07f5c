import { afterEach, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { findWebSocket } from './websocket-impl.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('ws');
  vi.resetModules();
});

describe('findWebSocket', () => {
  test('uses the runtime’s own WebSocket when there is one', async () => {
    class BuiltIn {}
    vi.stubGlobal('WebSocket', BuiltIn);

    await expect(findWebSocket()).resolves.toBe(BuiltIn);
  });

  test('loads the optional ws package when the runtime has none, as on Node.js 20', async () => {
    vi.stubGlobal('WebSocket', undefined);

    await expect(findWebSocket()).resolves.toBe(WebSocket);
  });

  test('answers undefined, so waits poll, when ws is not installed either', async () => {
    vi.stubGlobal('WebSocket', undefined);
    vi.doMock('ws', () => {
      throw new Error("Cannot find package 'ws'");
    });

    await expect(findWebSocket()).resolves.toBeUndefined();
  });
});
