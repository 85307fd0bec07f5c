import { CountersignError, isDecided, type CountersignAgent, type NoSecretReason, type SignOff } from '@countersign/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { nextStep } from './guidance.js';
import { eitherJson, jsonTextOf } from './json-argument.js';
import { answer, guarded, toolError } from './results.js';
import { signOffId, signOffSchema, signOffState } from './schemas.js';
import type { McpWaitOptions } from './server.js';
import { MAX_WAIT_SECONDS, SILENT_WAIT_SECONDS, waitWithProgress } from './wait.js';

/**
 * The longest `timeoutSeconds` accepted: a day, the longest a request waits, as
 * hosts written for 0.1.0 may ask; one call waits at most MAX_WAIT_SECONDS of it.
 */
const MAX_ASKED_WAIT_SECONDS = 86_400;

/** Why `take_secret` found nothing to take, as the client tells it. */
const NO_SECRET_REASONS = ['PENDING', 'NONE', 'TAKEN', 'LAPSED'] as const satisfies readonly NoSecretReason[];

/** Reads one of the agent's requests, or fails as the API would for someone else's. */
async function ownSignOff(agent: CountersignAgent, id: string): Promise<SignOff> {
  const signOff = await agent.signOff(id);
  if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
  return signOff;
}

const NO_SECRET_SENTENCE: Record<NoSecretReason, string> = {
  PENDING: 'There is no secret yet: the request is not decided and done. Call wait_for_decision first.',
  NONE: 'This request produced no secret (the operation has none, or it did not run). Nothing to take.',
  TAKEN: 'The secret was already taken, by an earlier take_secret call: it is handed over once and cannot be read again.',
  LAPSED: 'The secret lapsed: it was not taken within 24 hours of the decision (or the agent was revoked), and what it minted was revoked.',
};

/** Registers the tools that ask for, follow and settle sign-offs. */
export function registerSignOffTools(server: McpServer, agent: CountersignAgent, waits: McpWaitOptions = {}): void {
  registerRequestSignOff(server, agent);
  registerWaitForDecision(server, agent, waits);
  registerGetSignOff(server, agent);
  registerListMySignOffs(server, agent);
  registerTakeSecret(server, agent);
  registerRedeemSignOff(server, agent);
  registerReportOutcome(server, agent);
}

/** `request_sign_off`: asks the owner for one operation. */
function registerRequestSignOff(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'request_sign_off',
    {
      title: 'Ask your owner to sign off',
      description: [
        'Ask your human owner to approve one operation before it happens: exactly this op with exactly this input.',
        'Use it before anything consequential or irreversible that list_operations lists (e.g. repository.mintToken, or an operation your owner defined).',
        "The input must match the operation's inputSchema from list_operations; operations with needsRepository also need `repository` (a repository name).",
        'Answers the request id and its state, PENDING until the owner decides; keep the id. Then call wait_for_decision with it.',
        'Asking again for the same op, repository and input while it is open returns the same request (existing: true), so repeating after a lost answer is safe.',
        'Errors: BAD_INPUT (unknown op, missing repository, input the schema refuses: the message names the field), TOO_MANY_PENDING (20 open requests: wait for some), OPERATION_RETIRED, NOT_FOUND (no such repository).',
      ].join(' '),
      inputSchema: {
        op: z.string().min(1).max(200).describe('The operation name, as list_operations lists it (e.g. "repository.mintToken").'),
        input: z.unknown().optional().describe("The operation's input, matching its inputSchema. The owner sees exactly this, and only this runs."),
        inputJson: jsonTextOf('input'),
        summary: z.string().min(1).max(500).describe('One line your owner reads first: what you want to do.'),
        reason: z.string().max(2000).optional().describe('Why you need it, for your owner.'),
        repository: z.string().min(1).max(200).optional().describe("The name of one of your owner's repositories, for operations with needsRepository."),
      },
      outputSchema: {
        id: z.string(),
        state: signOffState,
        expiresAt: z.string().describe('When the request expires if nobody decides.'),
        existing: z.boolean().describe('True when the same request was already open and is returned instead of a new one.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ op, input, inputJson, summary, reason, repository }) =>
      guarded(async () => {
        const asked = eitherJson('input', input, inputJson, true);
        const { signOff, existing } = await agent.requestSignOff({ op, input: asked, summary, reason, repository });
        return answer({ id: signOff.id, state: signOff.state, expiresAt: signOff.expiresAt, existing }, nextStep(signOff));
      }),
  );
}

/** `wait_for_decision`: waits, with progress, for the decision. */
function registerWaitForDecision(server: McpServer, agent: CountersignAgent, waits: McpWaitOptions): void {
  server.registerTool(
    'wait_for_decision',
    {
      title: "Wait for your owner's decision",
      description: [
        'Wait until your owner decides on a request you made with request_sign_off, up to timeoutSeconds (default 45).',
        'Longer waits are honoured only when your host sends a progress token (the server then reports progress every 10 s); otherwise the wait stops at 45 s. One call waits an hour at most.',
        'Answers the state and `decided`. decided false means still PENDING (or APPROVED and running): call wait_for_decision again with the same id. It is always safe to call again, also after a restart.',
        'States once decided: SUCCEEDED (done; take_secret if secretState is WAITING), AWAITING_REDEEM (approved, you act: redeem_sign_off, act, report_outcome), REDEEMED (you hold the grant: report_outcome),',
        "DELIVERING (approved, sent to the owner's endpoint), DENIED (do not do it; `note` is the owner's reason), EXPIRED (nobody decided in time), FAILED, WITHDRAWN, LAPSED (not redeemed in 24 h).",
        'Errors: NOT_FOUND when the id is not one of your requests; RATE_LIMITED when you already have as many waits open as the server allows (finish or cancel one).',
      ].join(' '),
      inputSchema: {
        id: signOffId,
        timeoutSeconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_ASKED_WAIT_SECONDS)
          .default(SILENT_WAIT_SECONDS)
          .describe(`How long to wait at most, in seconds. Above 45 only with a progress token; above ${MAX_WAIT_SECONDS} never.`),
      },
      outputSchema: {
        id: z.string(),
        state: signOffState,
        decided: z.boolean().describe('True once the decision is in; false when the wait ran out first (call again).'),
        waitedUpTo: z.number().describe('How long this call was allowed to wait, in seconds.'),
        signOff: signOffSchema,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id, timeoutSeconds }, extra) =>
      guarded(async () => {
        const release = waits.admit ? waits.admit() : () => undefined;
        if (!release) return toolError('RATE_LIMITED', waits.refusal ?? 'Too many waits at once for this agent; finish or cancel one.');
        try {
          const { signOff, decided, waitedUpTo } = await waitWithProgress(agent, id, timeoutSeconds, extra, waits.waitForDecision);
          return answer({ id, state: signOff.state, decided, waitedUpTo, signOff }, nextStep(signOff));
        } finally {
          release();
        }
      }),
  );
}

/** `get_sign_off`: reads one request now. */
function registerGetSignOff(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'get_sign_off',
    {
      title: 'Read one of your sign-off requests',
      description: [
        "Read one of your requests as it stands now, without waiting: its state, the input as the owner saw it, the owner's note, the result or failure, and whether a secret waits (secretState).",
        'Use it to check on a request later (for example a DELIVERING one) or to re-read the exact approved input. To wait for a decision, use wait_for_decision instead.',
        'Errors: NOT_FOUND when the id is not one of your requests.',
      ].join(' '),
      inputSchema: { id: signOffId },
      outputSchema: { signOff: signOffSchema, decided: z.boolean() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      guarded(async () => {
        const signOff = await ownSignOff(agent, id);
        return answer({ signOff, decided: isDecided(signOff) }, nextStep(signOff));
      }),
  );
}

/** `list_my_sign_offs`: lists the agent's requests. */
function registerListMySignOffs(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'list_my_sign_offs',
    {
      title: 'List your sign-off requests',
      description: [
        'List the requests you made, pending first (oldest at the top), then the most recently decided; optionally only those in one state.',
        'Use it after a restart to find what you asked before (e.g. state PENDING to resume waiting, AWAITING_REDEEM to redeem, SUCCEEDED to take a waiting secret) instead of asking twice.',
        'With op and input (the op and input you would ask with), it finds the requests you already made for exactly that, decided ones too: if your owner already decided, act on that decision instead of asking again.',
        'Pages: pass endCursor as `after` while hasNextPage is true.',
      ].join(' '),
      inputSchema: {
        state: signOffState.optional().describe('Only requests in this state.'),
        op: z.string().min(1).max(200).optional().describe('Only requests for this operation.'),
        input: z.unknown().optional().describe('Only requests asked with exactly this input (as you asked it).'),
        inputJson: jsonTextOf('input'),
        first: z.number().int().min(1).max(100).default(20).describe('How many to list at most.'),
        after: z.string().max(500).optional().describe('The endCursor of the previous page.'),
      },
      outputSchema: { signOffs: z.array(signOffSchema), hasNextPage: z.boolean(), endCursor: z.string().nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ state, op, input, inputJson, first, after }) =>
      guarded(async () => {
        const asked = eitherJson('input', input, inputJson, false);
        const { nodes: signOffs, pageInfo } = await agent.signOffs({ state, op, input: asked, first, after });
        const count = signOffs.length;
        return answer(
          { signOffs, hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor },
          `${count} request${count === 1 ? '' : 's'}${state ? ` in state ${state}` : ''}${pageInfo.hasNextPage ? '; more with `after`' : ''}.`,
        );
      }),
  );
}

/** `take_secret`: hands over a secret once. */
function registerTakeSecret(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'take_secret',
    {
      title: 'Take the secret result of an approved request',
      description: [
        "Collect the secret part of an approved, SUCCEEDED request's result (for repository.mintToken: { token }). It is handed over ONCE: the server empties it as it answers, so store it before doing anything else.",
        'When there is none, `reason` says why: PENDING (not decided and done yet: wait_for_decision first), NONE (the operation produces no secret, or it did not run),',
        'TAKEN (already taken by an earlier call; it cannot be read again), LAPSED (not taken within 24 h; what it minted was revoked: ask again if still needed).',
        'Errors: NOT_FOUND when the id is not one of your requests.',
      ].join(' '),
      inputSchema: { id: signOffId },
      outputSchema: {
        id: z.string(),
        secret: z.record(z.string(), z.unknown()).nullable().describe('The secret fields, or null when there is none to take.'),
        reason: z.enum(NO_SECRET_REASONS).nullable().describe('Why there is no secret; null when `secret` is given.'),
        state: signOffState,
        secretState: signOffSchema.shape.secretState,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ id }) =>
      guarded(async () => {
        const taken = await agent.takeSecret(id);
        if (taken.secret === null) {
          const { reason, state, secretState } = taken;
          return answer({ id, state, secretState, secret: null, reason }, NO_SECRET_SENTENCE[reason]);
        }
        // Read after the take, so the states answered are the ones the take left.
        const signOff = await ownSignOff(agent, id);
        return answer(
          { id, state: signOff.state, secretState: signOff.secretState, secret: taken.secret, reason: null },
          'Here is the secret. It will not be shown again: keep it safe now.',
        );
      }),
  );
}

/** `redeem_sign_off`: exchanges an approval for its token. */
function registerRedeemSignOff(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'redeem_sign_off',
    {
      title: 'Redeem an approval you carry out yourself',
      description: [
        'For an approved request of an AGENT operation (state AWAITING_REDEEM): exchange it, once, for the approval token that proves your owner approved exactly this input.',
        'Do it within 24 h of the approval (redeemBy), right before you act. Then act with exactly the approved input (signOff.input; when your owner approved it with changes, changedByOwner, that is their input, not the one you asked), handing `approval` to the service that acts if it checks approvals, and finally call report_outcome.',
        'Pass `input` only if you hold your own copy of what you are about to act on: it must equal the approved input (INPUT_MISMATCH otherwise; nothing changes and you may redeem with the right one).',
        'Errors: ALREADY_REDEEMED, GRANT_LAPSED (24 h passed; nothing may run), SIGN_OFF_CLOSED (not approved, or not an AGENT operation), NOT_FOUND.',
      ].join(' '),
      inputSchema: {
        id: signOffId,
        input: z.unknown().optional().describe('The input you are about to act on, if you hold your own copy; left out, the approved input is used.'),
        inputJson: jsonTextOf('input'),
      },
      outputSchema: {
        id: z.string(),
        state: signOffState,
        approval: z.string().describe('A signed approval token (EdDSA JWS, valid 15 minutes) for exactly this input.'),
        signOff: signOffSchema,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ id, input, inputJson }) =>
      guarded(async () => {
        const held = eitherJson('input', input, inputJson, false);
        const { signOff, approval } = await agent.redeem(id, held === undefined ? {} : { input: held });
        return answer({ id, state: signOff.state, approval, signOff }, nextStep(signOff));
      }),
  );
}

/** `report_outcome`: reports how a redeemed action went. */
function registerReportOutcome(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'report_outcome',
    {
      title: 'Report how a redeemed action went',
      description: [
        'After you redeemed a request (state REDEEMED) and acted, tell your owner how it went, once: succeeded true with an optional `result` object, or succeeded false with `failure` saying why.',
        "The request becomes SUCCEEDED or FAILED and shows in your owner's history. Report failures too: your owner relies on it.",
        'Errors: SIGN_OFF_CLOSED (not redeemed yet, or already reported), BAD_INPUT (result over 64 KiB, failure over 2000 characters), NOT_FOUND.',
      ].join(' '),
      inputSchema: {
        id: signOffId,
        succeeded: z.boolean().describe('Whether the action did what was approved.'),
        result: z.record(z.string(), z.unknown()).optional().describe('What the action produced, as a JSON object (no secrets: your owner sees it).'),
        resultJson: jsonTextOf('result'),
        failure: z.string().max(2000).optional().describe('Why it failed, when succeeded is false.'),
      },
      outputSchema: { id: z.string(), state: signOffState, signOff: signOffSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ id, succeeded, result, resultJson, failure }) =>
      guarded(async () => {
        const produced = eitherJson('result', result, resultJson, false);
        if (produced !== undefined && (produced === null || typeof produced !== 'object' || Array.isArray(produced))) {
          throw new CountersignError('BAD_INPUT', '`resultJson` must be a JSON object.');
        }
        const outcome = { succeeded, result: (produced as Record<string, unknown> | undefined) ?? null, failure: failure ?? null };
        // The client's answer carries `replayed` beside the request's fields; the output schema's signOff is the request alone.
        const { replayed: _replayed, ...signOff } = await agent.reportOutcome(id, outcome);
        return answer({ id, state: signOff.state, signOff }, nextStep(signOff));
      }),
  );
}
