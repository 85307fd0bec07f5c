import type { CountersignAgent } from '@countersign/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { answer, guarded, refusal } from './results.js';
import { authoritySchema, receiptSchema } from './schemas.js';

/** Registers the tools that read and draw on the standing authorities an owner granted. */
export function registerAuthorityTools(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'list_authorities',
    {
      title: 'List your standing authorities',
      description: [
        'List the standing authorities your owner granted you, newest first: budgets (tokens and/or money in minor units, and a number of draws) you may spend without asking each time.',
        'Each shows its ceilings, what is drawn and what remains, per-draw caps, its validity window and its state (only ACTIVE takes draws; EXHAUSTED, REVOKED with revokeReason, EXPIRED, NOT_YET_VALID do not).',
        'Use it to see whether a spend fits before draw_authority, instead of asking for a sign-off.',
        'Pages: pass endCursor as `after` while hasNextPage is true.',
      ].join(' '),
      inputSchema: {
        first: z.number().int().min(1).max(100).default(20).describe('How many to list at most.'),
        after: z.string().max(500).optional().describe('The endCursor of the previous page.'),
      },
      outputSchema: { authorities: z.array(authoritySchema), hasNextPage: z.boolean(), endCursor: z.string().nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ first, after }) =>
      guarded(async () => {
        const { nodes: authorities, pageInfo } = await agent.authorityPage({ first, after });
        return answer(
          { authorities, hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor },
          `${authorities.length} authorit${authorities.length === 1 ? 'y' : 'ies'}${pageInfo.hasNextPage ? '; more with `after`' : ''}.`,
        );
      }),
  );

  server.registerTool(
    'draw_authority',
    {
      title: 'Draw on a standing authority',
      description: [
        "Spend from a standing authority (see list_authorities): tokens and/or minorUnits (money in the authority's currency, e.g. cents), atomically: all of it lands with a receipt, or nothing does.",
        'dispatchKey names this spend: derive it from the work it pays for (e.g. "invoice-2024-117"), not from the attempt. Retrying with the same key and amount answers the original receipt (replayed: true) and never draws twice.',
        "Refusals are tool errors, and nothing was drawn: EXHAUSTED (not enough left; the message says what remains), PER_DRAW_CAP_EXCEEDED, REVOKED (with the owner's reason), EXPIRED, NOT_YET_VALID,",
        'DISPATCH_KEY_REUSED (that key drew a different amount), NOT_FOUND (no such authority of yours). When refused, do not spend: ask your owner with request_sign_off if the spend is still needed.',
      ].join(' '),
      inputSchema: {
        authority: z.string().min(1).max(100).describe("The authority's id, from list_authorities."),
        dispatchKey: z.string().min(1).max(255).describe('Names this spend, so a retry never draws twice.'),
        tokens: z.number().int().min(0).optional().describe('Tokens to draw.'),
        minorUnits: z.number().int().min(0).optional().describe("Money to draw, in minor units of the authority's currency."),
      },
      outputSchema: {
        receipt: receiptSchema,
        replayed: z.boolean().describe('True when this dispatch key had drawn before: this is the original receipt and nothing more was drawn.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ authority, dispatchKey, tokens, minorUnits }) =>
      guarded(async () => {
        const drawn = await agent.draw({ authority, dispatchKey, tokens, minorUnits });
        if (drawn.kind === 'refused') return refusal(drawn);
        const { receipt, replayed } = drawn;
        return answer({ receipt, replayed }, replayed ? 'Already drawn with this dispatch key: the original receipt.' : 'Drawn.');
      }),
  );
}
