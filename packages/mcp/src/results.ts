import { isCountersignError } from '@countersign/client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool's answer: `structured` as `structuredContent` (checked against the
 * tool's output schema), and the same as text after one sentence for the
 * model, for hosts that read only `content`.
 */
export function answer(structured: Record<string, unknown>, sentence: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text: `${sentence}\n${JSON.stringify(structured)}` }] };
}

/** A tool error the model can act on: `CODE: message`, never a stack. */
export function toolError(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }] };
}

/**
 * Any failure as a tool error: a {@link CountersignError} keeps the API's
 * (or the client's) code, and says where the request now stands when the
 * API told; anything else is `INTERNAL` with its message alone.
 */
export function failure(error: unknown): CallToolResult {
  if (isCountersignError(error)) {
    const standing = error.signOff ? ` (the request is now ${error.signOff.state})` : '';
    return toolError(error.code, `${error.message}${standing}`);
  }
  return toolError('INTERNAL', error instanceof Error ? error.message : String(error));
}

/** Runs a tool's work, turning whatever it throws into a tool error (see {@link failure}). */
export async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return failure(error);
  }
}

/** A refusal the client answers as data (a draw, a publish), as a tool error with its details after the message. */
export function refusal({ kind: _kind, code, message, ...details }: { kind: 'refused'; code: string; message: string }): CallToolResult {
  return toolError(code, Object.keys(details).length > 0 ? `${message} ${JSON.stringify(details)}` : message);
}
