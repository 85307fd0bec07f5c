/**
 * Finds a WebSocket constructor for subscriptions when the agent was given
 * none: the runtime's own where it has one (Node.js 22 and later, Deno, Bun,
 * browsers), else the `ws` package, an optional peer dependency, when it is
 * installed (Node.js 20 has no global WebSocket). Undefined when neither is
 * there: the client then polls (see wait-for-decision.ts).
 *
 * `ws` is imported only here and only when needed, so an agent that never
 * waits, or runs where WebSocket is built in, does not need it installed.
 */
export async function findWebSocket(): Promise<unknown> {
  const builtIn = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (builtIn) return builtIn;
  try {
    const ws = (await import('ws')) as { WebSocket?: unknown; default?: unknown };
    return ws.WebSocket ?? ws.default;
  } catch {
    // Not installed (or not loadable here): polling still works, and the agent says so once.
    return undefined;
  }
}
