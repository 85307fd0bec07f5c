import type { SignOffSecretState, SignOffState } from '@countersign/client';
import * as z from 'zod';

/*
 * The zod shapes the tools publish as JSON Schema: what a host shows the
 * model as each tool's input, and what it can rely on in `structuredContent`.
 * The client's types are the source of truth; the lists of enum values are
 * checked against them below, so a state the API adds fails the type check
 * here instead of being refused by an output schema at run time.
 */

/** Every sign-off state, as the client types it. */
export const SIGN_OFF_STATES = [
  'PENDING',
  'PARTIALLY_APPROVED',
  'APPROVED',
  'AWAITING_REDEEM',
  'REDEEMED',
  'DELIVERING',
  'LAPSED',
  'SUCCEEDED',
  'FAILED',
  'DENIED',
  'EXPIRED',
  'WITHDRAWN',
] as const satisfies readonly SignOffState[];

const SECRET_STATES = ['NONE', 'WAITING', 'TAKEN', 'LAPSED'] as const satisfies readonly SignOffSecretState[];

/** Compiles only while the lists above name every value of the client's enums. */
type Complete<TAll, TListed> = [Exclude<TAll, TListed>] extends [never] ? true : never;
export const ENUMS_COMPLETE: [Complete<SignOffState, (typeof SIGN_OFF_STATES)[number]>, Complete<SignOffSecretState, (typeof SECRET_STATES)[number]>] = [
  true,
  true,
];

export const signOffState = z.enum(SIGN_OFF_STATES);

/** Any JSON value: the operation's input or result, whose shape the operation's schema decides. */
const json = z.unknown();

/** A sign-off request as the API stores it (the client's `SignOff`). */
export const signOffSchema = z.object({
  id: z.string(),
  op: z.string(),
  opVersion: z.number().int(),
  description: z.string(),
  irreversible: z.boolean(),
  risk: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  repository: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable(),
  input: json,
  inputCanonical: z.string(),
  inputHash: z.string(),
  requestedInput: json.describe('The input as you asked it; differs from input only when your owner approved with changes.'),
  requestedInputHash: z.string(),
  changedByOwner: z.boolean().describe('Your owner approved with changes: act on input, never on your own arguments.'),
  summary: z.string(),
  reason: z.string().nullable(),
  state: signOffState,
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable().describe("The owner's note with the decision (e.g. why it was denied)."),
  finishedAt: z.string().nullable(),
  result: json.describe('The non-secret part of what the operation produced.'),
  failure: z.string().nullable(),
  secretState: z.enum(SECRET_STATES),
  secretExpiresAt: z.string().nullable(),
  redeemBy: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});

/** One operation of the catalogue (the client's `Operation`). */
export const operationSchema = z.object({
  op: z.string(),
  version: z.number().int(),
  summary: z.string(),
  description: z.string().nullable(),
  irreversible: z.boolean(),
  risk: z.string(),
  runner: z.string().describe('SERVER: Countersign runs it on approval. AGENT: you redeem the approval and act, then report. WEBHOOK: delivered to the owner.'),
  retired: z.boolean(),
  inputSchema: json.describe("JSON Schema of the operation's input."),
  secretFields: z.array(z.string()),
  needsRepository: z.boolean(),
  definedAt: z.string().nullable(),
  openCount: z.number().int(),
});

const amountsSchema = z.object({ tokens: z.number().nullable(), minorUnits: z.number().nullable(), draws: z.number().nullable() });

/** A standing authority (the client's `Authority`). */
export const authoritySchema = z.object({
  id: z.string(),
  name: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  ceiling: amountsSchema,
  currency: z.string().nullable(),
  perDrawTokens: z.number().nullable(),
  perDrawMinorUnits: z.number().nullable(),
  notBefore: z.string().nullable(),
  notAfter: z.string().nullable(),
  createdAt: z.string(),
  drawn: amountsSchema,
  remaining: amountsSchema,
  state: z.string().describe('Only ACTIVE takes draws.'),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});

/** One landed draw (the client's `Receipt`). */
export const receiptSchema = z.object({
  dispatchKey: z.string(),
  tokens: z.number(),
  minorUnits: z.number(),
  remaining: amountsSchema,
  ordinal: z.number().int(),
  drawnAt: z.string(),
});

/** A published manifest version (the client's `Manifest`). */
export const manifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  digest: z.string(),
  content: z.string(),
  canonical: z.string(),
  format: z.string(),
  attestation: z.object({ keyId: z.string(), signature: z.string() }).nullable(),
  verified: z.boolean(),
  publishedAt: z.string(),
});

/** A sign-off id as the tools take it. */
export const signOffId = z.string().min(1).max(100).describe('The sign-off id, as request_sign_off answered it.');
