import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { OwnerRow, TenantRow } from '../domains/owners/store.js';
import type { InvitationRow } from '../domains/owners/invitations-store.js';
import type { AgentRow } from '../domains/agents/store.js';
import type { RepositoryRow } from '../domains/repositories/store.js';
import type { SignOffRow } from '../domains/signoffs/store.js';
import type { SignOffApprovalRow } from '../domains/signoffs/two-person/two-person-store.js';
import type { ApprovalPolicyView } from '../domains/signoffs/two-person/approval-policies.js';
import type { SignOffRuleRow } from '../domains/signoffs/rules/rules-store.js';
import type { StoredConstraint } from '../domains/signoffs/rules/rule-terms.js';
import type { AuthorityView, ReceiptRow, DrawnResult } from '../domains/authorities/store.js';
import type { ManifestRow, SigningKeyRow } from '../domains/registry/store.js';
import type { OperationView } from '../domains/operations/view.js';
import type { EndpointRow, EndpointDeliveryRow } from '../delivery/notifications/endpoints-store.js';
import type { PushDeviceRow } from '../delivery/notifications/push/devices-store.js';
import type { Context } from '../platform/lib/context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /**
   * A non-negative whole amount up to 2^53 − 1 (tokens, minor units of money,
   * counts), sent as a JSON number. GraphQL's Int is 32-bit: too small for money.
   */
  Amount: { input: number; output: number | bigint; }
  /** An instant, as an ISO 8601 string in UTC. */
  DateTime: { input: string; output: Date | string; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
};

export type AcceptOwnerInvitationInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  /** The token from the invitation link. */
  token: Scalars['String']['input'];
};

export type AcceptOwnerInvitationResult = InvitationInvalid | OwnerInvitationAccepted;

/** A program acting for exactly one owner. */
export type Agent = {
  __typename?: 'Agent';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The key's first characters, to tell keys apart; never the key. */
  keyPrefix: Scalars['String']['output'];
  name: Scalars['String']['output'];
  owner: Owner;
  revoked: Scalars['Boolean']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type AgentConnection = {
  __typename?: 'AgentConnection';
  nodes: Array<Agent>;
  pageInfo: PageInfo;
};

export type AgentCreated = {
  __typename?: 'AgentCreated';
  agent: Agent;
  /** The agent's bearer key. Shown this once: only its hash is kept. */
  key: Scalars['String']['output'];
};

export type AgentEvent = {
  __typename?: 'AgentEvent';
  agent: Agent;
  kind: AgentEventKind;
};

export type AgentEventKind =
  | 'CREATED'
  /** The agent's key was replaced; the old one no longer works. */
  | 'KEY_ROTATED'
  | 'REVOKED';

export type AgentKeyRotated = {
  __typename?: 'AgentKeyRotated';
  agent: Agent;
  /** The agent's new bearer key, shown this once; the old key stopped working. */
  key: Scalars['String']['output'];
};

export type AgentOAuthClientCreated = {
  __typename?: 'AgentOAuthClientCreated';
  agent: Agent;
  /** The client's id, for OpenID CIBA's backchannel and token endpoints (docs/oauth.md, OA7). */
  clientId: Scalars['String']['output'];
  /** Its secret (HTTP Basic), shown this once; only its SHA-256 is kept. */
  clientSecret: Scalars['String']['output'];
};

export type AgentRevoked = {
  __typename?: 'AgentRevoked';
  agent: Agent;
};

export type AlreadyRedeemed = DomainError & {
  __typename?: 'AlreadyRedeemed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/** Amounts in the dimensions an authority can cap. */
export type Amounts = {
  __typename?: 'Amounts';
  draws?: Maybe<Scalars['Amount']['output']>;
  minorUnits?: Maybe<Scalars['Amount']['output']>;
  tokens?: Maybe<Scalars['Amount']['output']>;
};

/** How many approvals an operation's requests need (docs/sign-offs.md, S20). */
export type ApprovalPolicy = {
  __typename?: 'ApprovalPolicy';
  /** 1, or 2: two approvals from two different owners of the tenant. */
  approvalsRequired: Scalars['Int']['output'];
  /**
   * True when no owner set it: repository.delete, repository.transfer and
   * authority.grant need 2 in a tenant of more than one owner, every other operation 1.
   */
  isDefault: Scalars['Boolean']['output'];
  /** A built-in or one of the tenant's defined operations. */
  op: Scalars['String']['output'];
  setAt?: Maybe<Scalars['DateTime']['output']>;
  /** The owner who set it (who proposed it, when a second owner approved the change); null for a default. */
  setBy?: Maybe<Owner>;
};

/**
 * Lowering in a tenant of two or more owners takes a second owner's approval:
 * this owner-to-owner request (op `tenant.changePolicy`, already approved by
 * its proposer, PARTIALLY_APPROVED) waits for it, and applies the change when
 * another owner approves it (docs/sign-offs.md, S21). Nothing changed yet.
 */
export type ApprovalPolicyChangeProposed = {
  __typename?: 'ApprovalPolicyChangeProposed';
  /** True when the same change was waiting already: it is returned instead of a second request. */
  existing: Scalars['Boolean']['output'];
  signOff: SignOff;
};

/** The setting after the change; requests asked from now on need this many approvals. */
export type ApprovalPolicySet = {
  __typename?: 'ApprovalPolicySet';
  policy: ApprovalPolicy;
};

export type AttestationInput = {
  keyId: Scalars['ID']['input'];
  /** Base64 Ed25519 signature over "countersign-manifest-v1\n" + the manifest's digest (hex). */
  signature: Scalars['String']['input'];
};

/**
 * One entry of the tenant's tamper-evident decision log (docs/audit.md): every
 * decision, rule approval, rule creation and revocation, authority issue and
 * revocation and agent revocation, in one hash chain per tenant.
 * `hash = SHA-256(prevHash ‖ entry)`, over the hex text of `prevHash` followed
 * by `entry`, the canonical JSON text that carries every other field.
 */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  /** Who acted: owner:<id> or rule:<id>. */
  actor: Scalars['String']['output'];
  at: Scalars['DateTime']['output'];
  /** The act's particulars (a decision's note, an authority's terms). */
  detail: Scalars['JSON']['output'];
  /** The exact text hashed (canonical JSON); recompute `hash` from it. */
  entry: Scalars['String']['output'];
  hash: Scalars['String']['output'];
  /**
   * What happened, lower-case and dotted: signoff.approved,
   * signoff.partially_approved, signoff.denied, signoff.approved_by_rule,
   * rule.created, rule.revoked, authority.issued, authority.revoked, agent.revoked.
   */
  kind: Scalars['String']['output'];
  /** The previous entry's hash; 64 zeros before the first. */
  prevHash: Scalars['String']['output'];
  /** 1 for the tenant's first entry, then 2, 3… with no gap. */
  seq: Scalars['Int']['output'];
  /** What it was done to: signoff:<id>, authority:<id>, agent:<id> or rule:<id>. */
  subject: Scalars['String']['output'];
};

/**
 * An audit signing key. Keys are retired by rotation, never removed: every head
 * they signed stays verifiable.
 */
export type AuditKey = {
  __typename?: 'AuditKey';
  createdAt: Scalars['DateTime']['output'];
  kid: Scalars['String']['output'];
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: Scalars['String']['output'];
  /** Null for the key signing now. */
  retiredAt?: Maybe<Scalars['DateTime']['output']>;
};

export type AuditLogPage = {
  __typename?: 'AuditLogPage';
  /** Oldest first. */
  nodes: Array<AuditEntry>;
  pageInfo: PageInfo;
};

/**
 * A ceiling an owner grants one of their agents to spend against. Its terms
 * never change: a change is a new authority, and both stay on record.
 */
export type Authority = {
  __typename?: 'Authority';
  agent: Agent;
  /** Ceilings; a dimension left null is not capped. */
  ceiling: Amounts;
  createdAt: Scalars['DateTime']['output'];
  /** ISO 4217 code of `minorUnits`. */
  currency?: Maybe<Scalars['String']['output']>;
  drawn: Amounts;
  /**
   * The authority.grant request whose approval issued it; null when the owner
   * issued it directly.
   */
  grantedBy?: Maybe<SignOff>;
  id: Scalars['ID']['output'];
  issuedBy: Owner;
  /** When the latest draw landed; null before the first. */
  lastDrawnAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  notAfter?: Maybe<Scalars['DateTime']['output']>;
  notBefore?: Maybe<Scalars['DateTime']['output']>;
  perDrawMinorUnits?: Maybe<Scalars['Amount']['output']>;
  perDrawTokens?: Maybe<Scalars['Amount']['output']>;
  /** Receipts, newest first. */
  receipts: ReceiptConnection;
  /** What is left under each ceiling; null where there is none. */
  remaining: Amounts;
  revokeReason?: Maybe<Scalars['String']['output']>;
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  state: AuthorityState;
};


/**
 * A ceiling an owner grants one of their agents to spend against. Its terms
 * never change: a change is a new authority, and both stay on record.
 */
export type AuthorityReceiptsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type AuthorityConnection = {
  __typename?: 'AuthorityConnection';
  nodes: Array<Authority>;
  pageInfo: PageInfo;
};

export type AuthorityEvent = {
  __typename?: 'AuthorityEvent';
  authority: Authority;
};

export type AuthorityIssued = {
  __typename?: 'AuthorityIssued';
  authority: Authority;
  /** True when identical terms were already issued under this id. */
  existing: Scalars['Boolean']['output'];
};

export type AuthorityRevoked = {
  __typename?: 'AuthorityRevoked';
  /** The authority as it stands; a second revocation keeps the first reason. */
  authority: Authority;
};

export type AuthorityState =
  | 'ACTIVE'
  /** A ceiling is reached: no further draw can fit. */
  | 'EXHAUSTED'
  /** Past `notAfter`. */
  | 'EXPIRED'
  /** Before `notBefore`. */
  | 'NOT_YET_VALID'
  | 'REVOKED';

export type BadAttestation = DomainError & {
  __typename?: 'BadAttestation';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type ChangeWebhookEndpointResult = NotFound | WebhookEndpointChanged;

export type CreateAgentInput = {
  name: Scalars['String']['input'];
};

export type CreateAgentOAuthClientInput = {
  /** The agent the client asks as: one of the owner's live agents. */
  agent: Scalars['ID']['input'];
};

export type CreateAgentOAuthClientResult = AgentOAuthClientCreated | NotFound;

export type CreateAgentResult = AgentCreated | NameTaken;

export type CreateOwnerTokenInput = {
  name: Scalars['String']['input'];
  scope: OwnerTokenScope;
};

export type CreateOwnerTokenResult = OwnerTokenCreated | ReauthenticationRequired;

export type CreateRepositoryInput = {
  name: Scalars['String']['input'];
};

export type CreateRepositoryResult = LimitReached | NameTaken | RepositoryCreated;

export type CreateSignOffRuleInput = {
  /** One of the owner's live agents. */
  agent: Scalars['ID']['input'];
  /**
   * A built-in or defined operation (at its latest version, which the rule
   * pins) that is neither HIGH risk nor irreversible.
   */
  op: Scalars['String']['input'];
  /**
   * The name of one of the owner's live repositories: only requests on it are
   * covered. Omitted: any of the owner's.
   */
  repository?: InputMaybe<Scalars['String']['input']>;
  terms: RuleTermsInput;
};

export type CreateSignOffRuleResult = NotFound | SignOffRuleCreated;

export type CreateWebhookEndpointInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** At least one; each named once. */
  events: Array<NotificationEvent>;
  format?: InputMaybe<WebhookFormat>;
  /**
   * https:// (http:// is accepted outside production); no credentials; in
   * production never a private, loopback or link-local address.
   */
  url: Scalars['String']['input'];
};

export type CreateWebhookEndpointResult = LimitReached | ReauthenticationRequired | WebhookEndpointCreated;

export type DecideSignOffInput = {
  approve: Scalars['Boolean']['input'];
  /**
   * The `inputHash` of the request as the owner saw it; required with
   * `input`, allowed alone (an approval of exactly what was seen). When the
   * request's input has changed since (another owner's edit), nothing is
   * decided: InputMismatch.
   */
  expectedInputHash?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  /**
   * Approve with changes (docs/sign-offs.md, S22): the input to approve in
   * place of the current one, judged against the operation version's schema
   * and its risk assessed again (the higher of the two decides the gesture; a
   * higher one is stored). Only with `approve: true` and `expectedInputHash`;
   * never with `remember`, with an owner token, or for a `tenant.*` request,
   * and never changing an input's `repository` field (BAD_INPUT, nothing
   * changed). For a request needing two approvals, an edit by the owner who
   * would give the second approval voids the first: it stays
   * PARTIALLY_APPROVED with this owner's approval of the edited input.
   */
  input?: InputMaybe<Scalars['JSON']['input']>;
  note?: InputMaybe<Scalars['String']['input']>;
  /**
   * "Approve and allow similar" (docs/sign-offs.md, S19): with `approve: true`,
   * also makes a standing rule for this request's agent, operation (the version
   * asked) and repository, in the same transaction as the approval. Not for a
   * HIGH-risk request or with `approve: false` (BAD_INPUT, nothing decided).
   */
  remember?: InputMaybe<RuleTermsInput>;
};

export type DecideSignOffResult = InputMismatch | NotBatchable | NotFound | ReauthenticationRequired | SecondApproverRequired | SignOffClosed | SignOffDecided;

export type DecideSignOffsInput = {
  approve: Scalars['Boolean']['input'];
  /** 1 to 100 requests; each is answered in this order. */
  ids: Array<Scalars['ID']['input']>;
  /** One note for every decision of the batch. */
  note?: InputMaybe<Scalars['String']['input']>;
};

export type DefineOperationInput = {
  /** What the operation does and what an approval lets happen (at most 4000 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /**
   * How a request reads, in the owner's words: `Pay {vendor} {amount}`. Each
   * `{name}` is a top-level property of `inputSchema`, filled with the
   * request's value as the console renders values (text quoted, invisible
   * characters escaped, money in its currency), so no value reads as the
   * sentence around it. At most 200 characters and 10 places; braces only
   * around a name. Part of the version's content.
   */
  effectTemplate?: InputMaybe<Scalars['String']['input']>;
  /**
   * The order a request's fields are shown in: top-level properties of
   * `inputSchema`, each once, at most 100; fields it leaves out follow in the
   * schema's order (stored canonical, so by name). Part of the version's content.
   */
  fieldOrder?: InputMaybe<Array<Scalars['String']['input']>>;
  /**
   * JSON Schema (draft-07 or 2020-12, by its `$schema`; 2020-12 when absent) of
   * the input; its root must be an object schema; at most 32 KiB.
   */
  inputSchema: Scalars['JSON']['input'];
  irreversible?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether a request names one of the owner's repositories. */
  needsRepository?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Lower case, dot-separated segments of letters, digits, `-` and `_`
   * (`email.send`), at most 100 characters; `repository.`, `authority.`,
   * `operation.` and `tenant.` are reserved.
   */
  op: Scalars['String']['input'];
  risk: Risk;
  /** AGENT or WEBHOOK (SERVER is only for the built-ins). */
  runner: OperationRunner;
  /** Top-level fields of a WEBHOOK operation's response that only the asking agent may read, once. */
  secretFields?: InputMaybe<Array<Scalars['String']['input']>>;
  /** One line for the owner (1 to 200 characters). */
  summary: Scalars['String']['input'];
  /**
   * Where a WEBHOOK operation is delivered: `https://`, or `http://` to a
   * loopback address outside production; no credentials in it.
   */
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};

export type DefineOperationResult = LimitReached | OperationDefined | ReauthenticationRequired;

export type DeleteWebhookEndpointResult = NotFound | WebhookEndpointDeleted;

/** One attempt to deliver a WEBHOOK operation's approved request. */
export type DeliveryAttempt = {
  __typename?: 'DeliveryAttempt';
  at: Scalars['DateTime']['output'];
  attempt: Scalars['Int']['output'];
  /** Why the attempt failed (timeout, refused connection, the answer's first bytes). */
  error?: Maybe<Scalars['String']['output']>;
  latencyMs: Scalars['Int']['output'];
  /** The endpoint's HTTP status; null when no answer came. */
  status?: Maybe<Scalars['Int']['output']>;
};

/** The dispatch key already drew a different amount; nothing was drawn. */
export type DispatchKeyReused = DomainError & {
  __typename?: 'DispatchKeyReused';
  code: ErrorCode;
  message: Scalars['String']['output'];
  receipt: Receipt;
};

/** An expected refusal, returned as data inside a mutation's result union. */
export type DomainError = {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type DrawAuthorityInput = {
  authority: Scalars['ID']['input'];
  /**
   * Names this draw: a retry with the same key returns the original receipt,
   * even after revocation or exhaustion.
   */
  dispatchKey: Scalars['String']['input'];
  minorUnits?: InputMaybe<Scalars['Amount']['input']>;
  tokens?: InputMaybe<Scalars['Amount']['input']>;
};

export type DrawAuthorityResult = DispatchKeyReused | Drawn | Exhausted | Expired | NotFound | NotYetValid | PerDrawCapExceeded | Revoked;

export type Drawn = {
  __typename?: 'Drawn';
  authority: Authority;
  receipt: Receipt;
  /** True when this is a retry answered with the original receipt. */
  replayed: Scalars['Boolean']['output'];
};

/** When an owner is emailed about one kind of event. */
export type EmailMode =
  /** Gathered into one email every `digestMinutes`. */
  | 'DIGEST'
  | 'IMMEDIATE'
  | 'OFF';

export type EmailPreference = {
  __typename?: 'EmailPreference';
  /** The digest's period, when `mode` is DIGEST. */
  digestMinutes?: Maybe<Scalars['Int']['output']>;
  event: NotificationEvent;
  mode: EmailMode;
};

/**
 * Every code a client can see, as a domain error's `code` or as a GraphQL
 * error's `extensions.code`. Closed: new codes are added here first.
 */
export type ErrorCode =
  | 'ALREADY_REDEEMED'
  | 'BAD_ATTESTATION'
  | 'BAD_INPUT'
  | 'DISPATCH_KEY_REUSED'
  | 'EXHAUSTED'
  | 'EXPIRED'
  | 'FORBIDDEN'
  | 'GRANT_LAPSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INPUT_MISMATCH'
  | 'INTERNAL'
  | 'INVALID_CREDENTIALS'
  | 'INVITATION_INVALID'
  | 'LIMIT_REACHED'
  | 'MANIFEST_VERSION_TAKEN'
  | 'NAME_TAKEN'
  | 'NOT_BATCHABLE'
  | 'NOT_FOUND'
  | 'NOT_YET_VALID'
  | 'OPERATION_RETIRED'
  | 'PER_DRAW_CAP_EXCEEDED'
  | 'RATE_LIMITED'
  | 'REAUTHENTICATION_REQUIRED'
  | 'RECENTLY_DENIED'
  | 'REVOKED'
  | 'SECOND_APPROVER_REQUIRED'
  | 'SECRET_UNAVAILABLE'
  | 'SETUP_CLOSED'
  | 'SIGN_OFF_CLOSED'
  | 'TERMS_CONFLICT'
  | 'TOO_MANY_PENDING'
  | 'UNAUTHENTICATED'
  | 'UNAVAILABLE';

export type Exhausted = DomainError & {
  __typename?: 'Exhausted';
  code: ErrorCode;
  message: Scalars['String']['output'];
  remaining: Amounts;
};

export type Expired = DomainError & {
  __typename?: 'Expired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type GrantLapsed = DomainError & {
  __typename?: 'GrantLapsed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

export type InputMismatch = DomainError & {
  __typename?: 'InputMismatch';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type InvalidCredentials = DomainError & {
  __typename?: 'InvalidCredentials';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/**
 * The invitation link was used already, has expired, was revoked, or is not one.
 * Nothing was created.
 */
export type InvitationInvalid = DomainError & {
  __typename?: 'InvitationInvalid';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type InviteOwnerInput = {
  /** A label for the tenant's owners (at most 200 characters), e.g. "for Dana". */
  note?: InputMaybe<Scalars['String']['input']>;
};

export type InviteOwnerResult = OwnerInvitationProposed | OwnerInvited | ReauthenticationRequired;

export type IssueAuthorityInput = {
  /** The agent (one of yours) it is for. */
  agent: Scalars['ID']['input'];
  /** Required with `minorUnits`: ISO 4217, e.g. EUR. */
  currency?: InputMaybe<Scalars['String']['input']>;
  draws?: InputMaybe<Scalars['Amount']['input']>;
  /**
   * Your reference for it; generated when omitted. Issuing again under the same
   * id with identical terms returns the authority; with other terms it is refused.
   */
  id?: InputMaybe<Scalars['ID']['input']>;
  minorUnits?: InputMaybe<Scalars['Amount']['input']>;
  name: Scalars['String']['input'];
  notAfter?: InputMaybe<Scalars['DateTime']['input']>;
  notBefore?: InputMaybe<Scalars['DateTime']['input']>;
  perDrawMinorUnits?: InputMaybe<Scalars['Amount']['input']>;
  perDrawTokens?: InputMaybe<Scalars['Amount']['input']>;
  tokens?: InputMaybe<Scalars['Amount']['input']>;
};

export type IssueAuthorityResult = AuthorityIssued | NotFound | TermsConflict;

/** Which cap a `LimitReached` answer met (docs/errors.md, LIMIT_REACHED). */
export type LimitName =
  /**
   * Manifest names per tenant (COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT, 1,000);
   * a new version of a name already published is never refused by it.
   */
  | 'MANIFEST_NAMES_PER_TENANT'
  /** Live defined operation names per tenant (COUNTERSIGN_MAX_OPERATIONS_PER_TENANT, 200). */
  | 'OPERATIONS_PER_TENANT'
  /** Push devices per owner (20). */
  | 'PUSH_DEVICES_PER_OWNER'
  /** Live repositories per owner (COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER, 1,000). */
  | 'REPOSITORIES_PER_OWNER'
  /** Webhook endpoints per owner (20). */
  | 'WEBHOOK_ENDPOINTS_PER_OWNER';

/**
 * A cap on how many of something an owner or tenant may have is reached:
 * nothing was created. Delete, retire or remove one first.
 */
export type LimitReached = DomainError & {
  __typename?: 'LimitReached';
  code: ErrorCode;
  limit: LimitName;
  /** The cap: how many may be live at once. */
  max: Scalars['Int']['output'];
  message: Scalars['String']['output'];
};

/** One immutable name@version of an agent manifest. */
export type Manifest = {
  __typename?: 'Manifest';
  attestation?: Maybe<ManifestAttestation>;
  /** The canonical JSON (sorted keys, no whitespace) the digest is taken of. */
  canonical: Scalars['String']['output'];
  /** The exact text published. */
  content: Scalars['String']['output'];
  /** SHA-256 (hex) of the canonical JSON of the content. */
  digest: Scalars['String']['output'];
  format: ManifestFormat;
  name: Scalars['String']['output'];
  publishedAt: Scalars['DateTime']['output'];
  /**
   * True when the attestation verifies now: its key is registered and not
   * revoked, and the signature covers this digest.
   */
  verified: Scalars['Boolean']['output'];
  version: Scalars['String']['output'];
};

export type ManifestAttestation = {
  __typename?: 'ManifestAttestation';
  keyId: Scalars['ID']['output'];
  /** Base64 Ed25519 signature over "countersign-manifest-v1\n" followed by the digest in hex. */
  signature: Scalars['String']['output'];
};

export type ManifestFormat =
  | 'JSON'
  | 'YAML';

export type ManifestNameConnection = {
  __typename?: 'ManifestNameConnection';
  nodes: Array<Scalars['String']['output']>;
  pageInfo: PageInfo;
};

export type ManifestPublished = {
  __typename?: 'ManifestPublished';
  manifest: Manifest;
  verdict: PublishVerdict;
};

export type ManifestVersion = {
  __typename?: 'ManifestVersion';
  digest: Scalars['String']['output'];
  /** The attesting key, when signed. */
  keyId?: Maybe<Scalars['ID']['output']>;
  publishedAt: Scalars['DateTime']['output'];
  signed: Scalars['Boolean']['output'];
  /** True when the attestation verifies now (as `Manifest.verified`). */
  verified: Scalars['Boolean']['output'];
  version: Scalars['String']['output'];
};

export type ManifestVersionConnection = {
  __typename?: 'ManifestVersionConnection';
  nodes: Array<ManifestVersion>;
  pageInfo: PageInfo;
};

export type ManifestVersionTaken = DomainError & {
  __typename?: 'ManifestVersionTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The digest stored under this name@version. */
  storedDigest: Scalars['String']['output'];
};

/** The owner's thresholds after the change. */
export type MoneyRiskThresholdSet = {
  __typename?: 'MoneyRiskThresholdSet';
  thresholds: Array<MoneyThreshold>;
};

/**
 * An owner's money threshold for one currency: an agent's request whose input
 * carries a money object (`{minorUnits, currency}`, anywhere in it) above it is
 * HIGH risk when it is stored (docs/sign-offs.md, S15).
 */
export type MoneyThreshold = {
  __typename?: 'MoneyThreshold';
  /** ISO 4217 code, e.g. EUR. */
  currency: Scalars['String']['output'];
  /** In the currency's minor units (cents for EUR; yen for JPY). An amount above it raises; one equal to it does not. */
  minorUnits: Scalars['Amount']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Anyone holding a live link: creates an owner in the inviting tenant and
   * signs them in (sets the HttpOnly session cookie). The email must belong to
   * no owner yet, in any tenant (BAD_INPUT otherwise).
   */
  acceptOwnerInvitation: AcceptOwnerInvitationResult;
  createAgent: CreateAgentResult;
  /**
   * Makes a confidential OAuth client bound to one of the owner's agents, for
   * OpenID CIBA: its backchannel requests become the agent's sign-offs, and an
   * approved one issues, once, the approval token as the access token (ADMIN).
   */
  createAgentOAuthClient: CreateAgentOAuthClientResult;
  /** Creates an owner token for scripts; it is returned this once. Needs ADMIN. */
  createOwnerToken: CreateOwnerTokenResult;
  /**
   * Creates a repository for the owner (an agent creates it for its owner);
   * LimitReached when the owner has COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER live ones.
   */
  createRepository: CreateRepositoryResult;
  /**
   * Owner: makes a standing rule for one of their agents and an operation.
   * Needs DECIDE. Bad terms, or an operation that is HIGH risk or
   * irreversible, are BAD_INPUT and change nothing. (To make one while
   * approving a request, pass `remember` to decideSignOff.)
   */
  createSignOffRule: CreateSignOffRuleResult;
  /** Adds a webhook endpoint (at most 20 per owner); its secret is returned this once. Needs ADMIN. */
  createWebhookEndpoint: CreateWebhookEndpointResult;
  /** Owner: approves (and so runs) or denies a pending request. Exactly one decision wins. */
  decideSignOff: DecideSignOffResult;
  /**
   * Owner: decides several requests in one call, each exactly as decideSignOff
   * would (its own decision: a concurrent one wins or loses per request), one
   * result per id in the order of `ids`. Approving is for LOW-risk requests
   * only: any other is answered NotBatchable and left pending. Needs DECIDE.
   */
  decideSignOffs: Array<DecideSignOffResult>;
  /**
   * Owner: defines an operation of the tenant, or a new version of one. The
   * same content as the latest version returns it unchanged. LimitReached
   * when a new (or retired) name would pass COUNTERSIGN_MAX_OPERATIONS_PER_TENANT
   * live names (200).
   */
  defineOperation: DefineOperationResult;
  /** Deletes an endpoint and its delivery history. Needs ADMIN. */
  deleteWebhookEndpoint: DeleteWebhookEndpointResult;
  /** Stops deliveries to an endpoint (pending ones fail). Needs ADMIN. */
  disableWebhookEndpoint: ChangeWebhookEndpointResult;
  /** Agent: draws on one of its authorities, atomically and idempotently by dispatch key. */
  drawAuthority: DrawAuthorityResult;
  /** Resumes deliveries to a disabled endpoint, for events from now on. Needs ADMIN. */
  enableWebhookEndpoint: ChangeWebhookEndpointResult;
  /**
   * Creates an invitation link for someone to join this tenant as an owner
   * (single use, 72 hours). In a tenant with two or more owners it files an
   * owner-to-owner request (`tenant.inviteOwner`) for a second owner's approval
   * instead. Needs ADMIN.
   */
  inviteOwner: InviteOwnerResult;
  /** Owner: grants one of their agents a standing authority. */
  issueAuthority: IssueAuthorityResult;
  /**
   * Owner or agent: publishes a manifest version, once and for all. A version
   * of a new name past the tenant's COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT is
   * LimitReached; an agent past COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR new
   * versions in an hour is RATE_LIMITED, with Retry-After.
   */
  publishManifest: PublishManifestResult;
  /**
   * The signed-in owner proves their password again: for 10 minutes this
   * session may approve HIGH-risk requests (docs/sign-offs.md, S17). A session
   * only: an owner token cannot re-authenticate.
   */
  reauthenticate: ReauthenticateResult;
  /**
   * Agent: exchanges its approved request of an AGENT operation for a signed,
   * single-use grant, within 24 hours of the decision, exactly once.
   */
  redeemSignOff: RedeemSignOffResult;
  /** Registers this browser for push notifications (the same endpoint again updates it). Needs ADMIN. */
  registerPushDevice: RegisterPushDeviceResult;
  /** Owner: registers an Ed25519 public key for attestations. */
  registerSigningKey: RegisterSigningKeyResult;
  /** Stops push notifications to a device. Needs ADMIN. */
  removePushDevice: RemovePushDeviceResult;
  /** Agent: reports how the redeemed action went, once. */
  reportSignOffOutcome: ReportSignOffOutcomeResult;
  /** Agent: asks its owner to sign off. A retry of the same request returns the one waiting. */
  requestSignOff: RequestSignOffResult;
  /** Owner: stops new requests for an operation (open ones still decide and run). */
  retireOperation: RetireOperationResult;
  /** Revokes the agent's key at once. Revoking twice is not an error. */
  revokeAgent: RevokeAgentResult;
  /** Owner: revokes an authority. Idempotent; the first reason stays. */
  revokeAuthority: RevokeAuthorityResult;
  /** Revokes a pending invitation of the tenant. Needs ADMIN. */
  revokeOwnerInvitation: RevokeOwnerInvitationResult;
  /** Revokes an owner token at once, on every instance. Revoking twice is not an error. Needs ADMIN. */
  revokeOwnerToken: RevokeOwnerTokenResult;
  /**
   * Owner: revokes a rule; from then on it approves nothing, on every
   * instance. Idempotent; the first reason stays. Needs DECIDE.
   */
  revokeSignOffRule: RevokeSignOffRuleResult;
  /** Owner: revokes a key; attestations by it stop verifying. Idempotent. */
  revokeSigningKey: RevokeSigningKeyResult;
  /** Replaces a live agent's key: the old one is refused from the commit on. */
  rotateAgentKey: RotateAgentKeyResult;
  /**
   * Owner: replaces a signing secret: a WEBHOOK operation's (`op`) or a
   * notification endpoint's (`endpointId`); exactly one of the two. Needs ADMIN.
   */
  rotateWebhookSecret: RotateWebhookSecretResult;
  /** Sends a signed `WEBHOOK_TEST` event to the endpoint now. Needs ADMIN. */
  sendTestWebhook: SendTestWebhookResult;
  /**
   * Sets how many approvals an operation's requests need, for requests asked
   * from then on (a request already asked keeps its own). An unknown operation,
   * a value other than 1 or 2, or 2 in a tenant of one owner, is BAD_INPUT and
   * changes nothing. Raising takes effect at once; lowering in a tenant of two
   * or more owners is answered ApprovalPolicyChangeProposed: it takes a second
   * owner's approval (docs/sign-offs.md, S20, S21).
   * Needs ADMIN.
   */
  setApprovalsRequired: SetApprovalsRequiredResult;
  /** Sets when the owner is emailed about one kind of event. Needs ADMIN. */
  setEmailPreference: NotificationSettings;
  /**
   * Sets (or, with `minorUnits: null`, removes) the owner's money threshold for
   * one currency; requests asked from then on are assessed by it. A code that is
   * not an ISO 4217 currency is BAD_INPUT. Needs ADMIN.
   */
  setMoneyRiskThreshold: SetMoneyRiskThresholdResult;
  /** Creates the first tenant and owner with the one-time setup token, and signs in. */
  setupFirstOwner: SetupFirstOwnerResult;
  /**
   * Owner (ADMIN): signs the tenant's chain head now, rather than at the next
   * hourly signing, and sends it out as AUDIT_HEAD_SIGNED.
   */
  signAuditHead: SignAuditHeadPayload;
  /** Signs an owner in; sets the HttpOnly session cookie. */
  signIn: SignInResult;
  /** Ends the caller's console session, if any. Always succeeds. */
  signOut: SignOutResult;
  /**
   * The proposer of an approved `tenant.inviteOwner` request takes the link it
   * created: once, within 24 hours of the approval. Needs ADMIN.
   */
  takeOwnerInvitationLink: TakeOwnerInvitationLinkResult;
  /** Agent: takes the secret part of its request's result, once, within 24 h of the decision. */
  takeSignOffSecret: TakeSignOffSecretResult;
  /** Agent: withdraws its own pending request. */
  withdrawSignOff: WithdrawSignOffResult;
};


export type MutationAcceptOwnerInvitationArgs = {
  input: AcceptOwnerInvitationInput;
};


export type MutationCreateAgentArgs = {
  input: CreateAgentInput;
};


export type MutationCreateAgentOAuthClientArgs = {
  input: CreateAgentOAuthClientInput;
};


export type MutationCreateOwnerTokenArgs = {
  input: CreateOwnerTokenInput;
};


export type MutationCreateRepositoryArgs = {
  input: CreateRepositoryInput;
};


export type MutationCreateSignOffRuleArgs = {
  input: CreateSignOffRuleInput;
};


export type MutationCreateWebhookEndpointArgs = {
  input: CreateWebhookEndpointInput;
};


export type MutationDecideSignOffArgs = {
  input: DecideSignOffInput;
};


export type MutationDecideSignOffsArgs = {
  input: DecideSignOffsInput;
};


export type MutationDefineOperationArgs = {
  input: DefineOperationInput;
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDisableWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDrawAuthorityArgs = {
  input: DrawAuthorityInput;
};


export type MutationEnableWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationInviteOwnerArgs = {
  input: InviteOwnerInput;
};


export type MutationIssueAuthorityArgs = {
  input: IssueAuthorityInput;
};


export type MutationPublishManifestArgs = {
  input: PublishManifestInput;
};


export type MutationReauthenticateArgs = {
  input: ReauthenticateInput;
};


export type MutationRedeemSignOffArgs = {
  input: RedeemSignOffInput;
};


export type MutationRegisterPushDeviceArgs = {
  input: RegisterPushDeviceInput;
};


export type MutationRegisterSigningKeyArgs = {
  input: RegisterSigningKeyInput;
};


export type MutationRemovePushDeviceArgs = {
  id: Scalars['ID']['input'];
};


export type MutationReportSignOffOutcomeArgs = {
  input: ReportSignOffOutcomeInput;
};


export type MutationRequestSignOffArgs = {
  input: RequestSignOffInput;
};


export type MutationRetireOperationArgs = {
  op: Scalars['String']['input'];
};


export type MutationRevokeAgentArgs = {
  input: RevokeAgentInput;
};


export type MutationRevokeAuthorityArgs = {
  input: RevokeAuthorityInput;
};


export type MutationRevokeOwnerInvitationArgs = {
  input: RevokeOwnerInvitationInput;
};


export type MutationRevokeOwnerTokenArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeSignOffRuleArgs = {
  id: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
};


export type MutationRevokeSigningKeyArgs = {
  input: RevokeSigningKeyInput;
};


export type MutationRotateAgentKeyArgs = {
  input: RotateAgentKeyInput;
};


export type MutationRotateWebhookSecretArgs = {
  endpointId?: InputMaybe<Scalars['ID']['input']>;
  op?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSendTestWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetApprovalsRequiredArgs = {
  input: SetApprovalsRequiredInput;
};


export type MutationSetEmailPreferenceArgs = {
  input: SetEmailPreferenceInput;
};


export type MutationSetMoneyRiskThresholdArgs = {
  input: SetMoneyRiskThresholdInput;
};


export type MutationSetupFirstOwnerArgs = {
  input: SetupFirstOwnerInput;
};


export type MutationSignInArgs = {
  input: SignInInput;
};


export type MutationTakeOwnerInvitationLinkArgs = {
  signOffId: Scalars['ID']['input'];
};


export type MutationTakeSignOffSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationWithdrawSignOffArgs = {
  id: Scalars['ID']['input'];
};

export type NameTaken = DomainError & {
  __typename?: 'NameTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** A batch may approve only LOW-risk requests: this one was left pending (decide it on its own). */
export type NotBatchable = DomainError & {
  __typename?: 'NotBatchable';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/**
 * The id does not name anything this principal may see (including another
 * tenant's ids, which never read as forbidden).
 */
export type NotFound = DomainError & {
  __typename?: 'NotFound';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type NotYetValid = DomainError & {
  __typename?: 'NotYetValid';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/**
 * What an owner can be told about (docs/notifications.md). Each event reaches
 * the owner's webhook endpoints subscribed to it, their email (by preference)
 * and their push devices, at least once, with a stable id per event.
 */
export type NotificationEvent =
  /** An agent was revoked. */
  | 'AGENT_REVOKED'
  /**
   * The tenant's audit chain head was signed (hourly while it moves, or on
   * demand): keep the delivered head off the box (docs/audit.md).
   */
  | 'AUDIT_HEAD_SIGNED'
  /** A standing authority has drawn all of one of its ceilings (once per ceiling). */
  | 'AUTHORITY_EXHAUSTED'
  /** A standing authority has drawn 80 % of one of its ceilings (once per ceiling). */
  | 'AUTHORITY_LOW'
  /** A request was approved or denied. */
  | 'SIGN_OFF_DECIDED'
  /** A request still waits 24 hours, and again 1 hour, before its window closes (once each). */
  | 'SIGN_OFF_EXPIRING'
  /** An approved request finished: succeeded or failed. */
  | 'SIGN_OFF_FINISHED'
  /** An agent asked for a sign-off. */
  | 'SIGN_OFF_REQUESTED';

/** The owner's channels and preferences. */
export type NotificationSettings = {
  __typename?: 'NotificationSettings';
  /** One per event. */
  email: Array<EmailPreference>;
  /** Where email goes: the owner's sign-in address. */
  emailAddress: Scalars['String']['output'];
  /** False when the server has no SMTP_URL and MAIL_FROM: no email is sent. */
  emailAvailable: Scalars['Boolean']['output'];
  /** The VAPID public key (base64url) a browser subscribes with. */
  pushPublicKey: Scalars['String']['output'];
};

/**
 * One operation an agent may ask for: a built-in (runner SERVER) or one its
 * tenant's owners defined, at one version.
 */
export type Operation = {
  __typename?: 'Operation';
  /** When this version was defined; null for the built-ins. */
  definedAt?: Maybe<Scalars['DateTime']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  /**
   * A defined version's sentence for a request, `{name}` places filled from
   * its input (`DefineOperationInput.effectTemplate`); null for the built-ins
   * and when the owner gave none.
   */
  effectTemplate?: Maybe<Scalars['String']['output']>;
  /**
   * The order a defined version's fields are shown in, first to last; null:
   * the schema's order (for the built-ins too).
   */
  fieldOrder?: Maybe<Array<Scalars['String']['output']>>;
  /** JSON Schema of the input the operation accepts. */
  inputSchema: Scalars['JSON']['output'];
  irreversible: Scalars['Boolean']['output'];
  /** Whether the operation acts on a repository (named in the request). */
  needsRepository: Scalars['Boolean']['output'];
  /** Its name, e.g. `repository.mintToken` or `email.send`. */
  op: Scalars['String']['output'];
  /** Open requests (pending or awaiting redeem) for this operation, any version, that the caller can see. */
  openCount: Scalars['Int']['output'];
  /** Retired: no new requests are taken (open ones still decide and run). */
  retired: Scalars['Boolean']['output'];
  risk: Risk;
  runner: OperationRunner;
  /** Result fields only the asking agent can read, once. */
  secretFields: Array<Scalars['String']['output']>;
  summary: Scalars['String']['output'];
  /**
   * Versions count from 1; a built-in is always version 1. A request is judged
   * and run by the version it was asked under.
   */
  version: Scalars['Int']['output'];
  /** Where a WEBHOOK operation is delivered; shown to owners only (null for agents). */
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

export type OperationDefined = {
  __typename?: 'OperationDefined';
  /** False when the definition was identical to the latest version, which is returned. */
  created: Scalars['Boolean']['output'];
  operation: Operation;
  /**
   * The webhook signing secret (`whsec_…`), only when this call created it:
   * shown once, never readable again (rotate it to get a new one).
   */
  webhookSecret?: Maybe<Scalars['String']['output']>;
};

/** The operation was retired: no new requests for it are taken. */
export type OperationRetired = DomainError & {
  __typename?: 'OperationRetired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type OperationRetirement = {
  __typename?: 'OperationRetirement';
  operation: Operation;
};

/** Who carries out an approved request. */
export type OperationRunner =
  /** The asking agent, after redeeming its approval for a signed, single-use grant (`redeemSignOff`). */
  | 'AGENT'
  /** Countersign itself (the built-in repository and authority operations). */
  | 'SERVER'
  /** Countersign, by delivering the approved input to the owner's HTTPS endpoint (Standard Webhooks). */
  | 'WEBHOOK';

/** A person who owns agents and decides what they may do. */
export type Owner = {
  __typename?: 'Owner';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  tenant: Tenant;
};

/**
 * An owner's single-use link for someone to join the tenant as an owner
 * (docs/tenancy.md, T10). Every owner of the tenant sees the tenant's
 * invitations; the token itself is never stored and never read back.
 */
export type OwnerInvitation = {
  __typename?: 'OwnerInvitation';
  acceptedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The owner who joined with it. */
  acceptedBy?: Maybe<Owner>;
  createdAt: Scalars['DateTime']['output'];
  /** 72 hours after it was created. */
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invitedBy: Owner;
  /** The inviting owners' label, e.g. "for Dana". */
  note?: Maybe<Scalars['String']['output']>;
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The owner-to-owner sign-off a second owner approved to create it, if any. */
  signOff?: Maybe<SignOff>;
  state: OwnerInvitationState;
};

export type OwnerInvitationAccepted = {
  __typename?: 'OwnerInvitationAccepted';
  owner: Owner;
};

/** The link of an invitation a second owner approved: for the proposer, once. */
export type OwnerInvitationLink = {
  __typename?: 'OwnerInvitationLink';
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/** What an invitation link's holder may see before accepting it. */
export type OwnerInvitationPreview = {
  __typename?: 'OwnerInvitationPreview';
  expiresAt: Scalars['DateTime']['output'];
  tenant: Tenant;
};

/**
 * The tenant has two or more owners, so inviting another takes a second
 * owner's approval: this owner-to-owner request (op `tenant.inviteOwner`,
 * already approved by its proposer) waits for it. Once approved, the proposer
 * takes the link with `takeOwnerInvitationLink`.
 */
export type OwnerInvitationProposed = {
  __typename?: 'OwnerInvitationProposed';
  signOff: SignOff;
};

export type OwnerInvitationRevoked = {
  __typename?: 'OwnerInvitationRevoked';
  invitation: OwnerInvitation;
};

export type OwnerInvitationState =
  | 'ACCEPTED'
  | 'EXPIRED'
  | 'PENDING'
  | 'REVOKED';

/**
 * The invitation exists: `token` is shown this once (the console builds the
 * link `/invite/<token>`); it admits one owner within 72 hours.
 */
export type OwnerInvited = {
  __typename?: 'OwnerInvited';
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/**
 * A bearer token a script uses to act for its owner without a browser
 * ("Authorization: Bearer cso_…"). Only its hash is kept.
 */
export type OwnerToken = {
  __typename?: 'OwnerToken';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** When a request last came with it (updated at most once a minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  /** Set once revoked: from then on the token is refused, on every instance. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  scope: OwnerTokenScope;
};

export type OwnerTokenConnection = {
  __typename?: 'OwnerTokenConnection';
  nodes: Array<OwnerToken>;
  pageInfo: PageInfo;
};

export type OwnerTokenCreated = {
  __typename?: 'OwnerTokenCreated';
  ownerToken: OwnerToken;
  /** The bearer token. Shown this once: only its hash is kept. */
  token: Scalars['String']['output'];
};

export type OwnerTokenRevoked = {
  __typename?: 'OwnerTokenRevoked';
  ownerToken: OwnerToken;
};

/**
 * What an owner token may do (docs/owner-tokens.md). A console session may do
 * everything; a token only what its scope allows, and never manage sessions.
 */
export type OwnerTokenScope =
  /** Everything a console session may do, managing owner tokens included. */
  | 'ADMIN'
  /** READ, and approving or denying sign-offs (`decideSignOff`, `decideSignOffs`). */
  | 'DECIDE'
  /** Every read an owner may make: sign-offs, agents, authorities, operations, keys. */
  | 'READ';

export type PageInfo = {
  __typename?: 'PageInfo';
  /** Pass as `after` to read the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type PerDrawCapExceeded = DomainError & {
  __typename?: 'PerDrawCapExceeded';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type Principal = Agent | Owner;

export type PublishManifestInput = {
  attestation?: InputMaybe<AttestationInput>;
  /** YAML or JSON with at least `name` and `version`. */
  content: Scalars['String']['input'];
};

export type PublishManifestResult = BadAttestation | LimitReached | ManifestPublished | ManifestVersionTaken;

export type PublishVerdict =
  /** Identical unsigned content: the attestation was added. */
  | 'ATTESTATION_ADOPTED'
  | 'INSERTED'
  /** Identical content was already published: nothing changed. */
  | 'UNCHANGED';

/** A browser the owner asked to be notified on. */
export type PushDevice = {
  __typename?: 'PushDevice';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** When a notification last reached its push service. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

export type PushDeviceRegistered = {
  __typename?: 'PushDeviceRegistered';
  device: PushDevice;
};

export type PushDeviceRemoved = {
  __typename?: 'PushDeviceRemoved';
  id: Scalars['ID']['output'];
};

export type PushKeysInput = {
  auth: Scalars['String']['input'];
  p256dh: Scalars['String']['input'];
};

export type Query = {
  __typename?: 'Query';
  /**
   * The signed-in owner's agents, newest first (revoked ones included):
   * `first` (1 to 100) after the cursor `after`.
   */
  agents: AgentConnection;
  /**
   * Every operation the tenant's agents may ask for (the built-ins, then the
   * defined ones at their latest version), with how many approvals its
   * requests need. Needs READ; owners only.
   */
  approvalPolicies: Array<ApprovalPolicy>;
  /** Owner: the tenant's latest signed chain head; null before the first. */
  auditHead?: Maybe<SignedAuditHead>;
  /**
   * Owner: every audit signing key this server has had, oldest first (one per
   * rotation, which only the operator makes: a short list).
   */
  auditKeys: Array<AuditKey>;
  /**
   * Owner: the tenant's decision log, oldest first, `first` (1 to 500) entries
   * after the seq in `after`. Agents are refused (FORBIDDEN). The whole log as
   * JSONL: GET /audit/export.
   */
  auditLog: AuditLogPage;
  /**
   * The owner's issued authorities, or the agent's own, newest first:
   * `first` (1 to 100) after the cursor `after`.
   */
  authorities: AuthorityConnection;
  /** An authority: one the owner issued, or one granted to the asking agent. */
  authority?: Maybe<Authority>;
  /**
   * One version. With `verify: true`, a missing, wrong or revoked-key
   * signature fails the query with BAD_ATTESTATION and says which.
   */
  manifest?: Maybe<Manifest>;
  /** The tenant's manifest names, in text order: `first` (1 to 100) after the cursor `after`. */
  manifestNames: ManifestNameConnection;
  /** Versions of a name, newest published first: `first` (1 to 100) after the cursor `after`. */
  manifestVersions: ManifestVersionConnection;
  /** The owner's money thresholds, by currency. Needs READ. */
  moneyRiskThresholds: Array<MoneyThreshold>;
  /** The owner's notification channels and preferences. Needs READ. */
  notificationSettings: NotificationSettings;
  /**
   * One operation: a given version, or its latest when `version` is omitted
   * (a retired operation reads with `retired: true`).
   */
  operation?: Maybe<Operation>;
  /**
   * The operations an agent may ask for: the built-ins and the tenant's defined
   * ones at their latest version. Retired ones only with `includeRetired`, the
   * 200 most recently retired. Bounded: live names are capped per tenant
   * (COUNTERSIGN_MAX_OPERATIONS_PER_TENANT, 200).
   */
  operations: Array<Operation>;
  /**
   * Anyone: the tenant a live invitation link joins, or null when the link is
   * used, expired, revoked or unknown.
   */
  ownerInvitation?: Maybe<OwnerInvitationPreview>;
  /** The tenant's invitations, newest first (at most 200). Needs READ. */
  ownerInvitations: Array<OwnerInvitation>;
  /**
   * The owner's API tokens, newest first (revoked ones included): `first`
   * (1 to 100) after the cursor `after`. Needs READ.
   */
  ownerTokens: OwnerTokenConnection;
  /** How many requests wait for a decision: the owner's, or the agent's own. */
  pendingSignOffCount: Scalars['Int']['output'];
  /** The owner's push devices, newest first (at most 20 exist: a 21st is LimitReached). Needs READ. */
  pushDevices: Array<PushDevice>;
  /**
   * The live repositories of the owner (or of the agent's owner), by name:
   * `first` (1 to 100) after the cursor `after`.
   */
  repositories: RepositoryConnection;
  /**
   * What the second owner's joining undid, for every owner to check; null while
   * the tenant has had one owner. Needs READ.
   */
  secondOwnerJoin?: Maybe<SecondOwnerJoin>;
  setupStatus: SetupStatus;
  /** One request: the owner's, or the asking agent's own. */
  signOff?: Maybe<SignOff>;
  signOffRule?: Maybe<SignOffRule>;
  /**
   * Rules, newest first: the owner's, or an agent's own. `agent` keeps one
   * agent's (an id that is none of the caller's matches none); `state` keeps one state.
   * `first` (1 to 100) after the cursor `after`, which pages on within the same filters.
   */
  signOffRules: SignOffRuleConnection;
  /**
   * Pending first (oldest waiting at the top), then the most recently decided.
   * `state` keeps one state; `decided: true` keeps every request no longer
   * pending (false: only pending ones); `agent` keeps one agent's requests (an
   * id that is not one of the caller's agents matches none);
   * `requestedFrom` (inclusive) and `requestedTo` (exclusive) keep requests
   * asked within that span, and `requestedFrom` after `requestedTo` is
   * BAD_INPUT; `op` and `requestedInputHash` keep the requests for that
   * operation and asked with that input (the SHA-256 of its canonical JSON, as
   * `SignOff.requestedInputHash`), so an agent that restarts finds a request it
   * made, decided or not, by its content. Filters combine, and a cursor pages
   * on within the same filters.
   */
  signOffs: SignOffConnection;
  /** The tenant's signing keys, newest first (owners only): `first` (1 to 100) after the cursor `after`. */
  signingKeys: SigningKeyConnection;
  /** The tenant's owners, oldest first (the first 200: owners are people, each joined by invitation). Needs READ. */
  tenantOwners: Array<Owner>;
  /**
   * Whoever the request authenticates as: an owner (session cookie) or an agent
   * (bearer key); null when anonymous.
   */
  viewer?: Maybe<Principal>;
  /** One of the owner's webhook endpoints. Needs READ. */
  webhookEndpoint?: Maybe<WebhookEndpoint>;
  /** The owner's webhook endpoints, newest first (at most 20 exist: a 21st is LimitReached). Needs READ. */
  webhookEndpoints: Array<WebhookEndpoint>;
};


export type QueryAgentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAuditLogArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAuthoritiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAuthorityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryManifestArgs = {
  name: Scalars['String']['input'];
  verify?: InputMaybe<Scalars['Boolean']['input']>;
  version: Scalars['String']['input'];
};


export type QueryManifestNamesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryManifestVersionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
};


export type QueryOperationArgs = {
  op: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOperationsArgs = {
  includeRetired?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryOwnerInvitationArgs = {
  token: Scalars['String']['input'];
};


export type QueryOwnerTokensArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRepositoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerySignOffArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySignOffRuleArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySignOffRulesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  agent?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  state?: InputMaybe<SignOffRuleState>;
};


export type QuerySignOffsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  agent?: InputMaybe<Scalars['ID']['input']>;
  byRule?: InputMaybe<Scalars['Boolean']['input']>;
  decided?: InputMaybe<Scalars['Boolean']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  op?: InputMaybe<Scalars['String']['input']>;
  requestedFrom?: InputMaybe<Scalars['DateTime']['input']>;
  requestedInputHash?: InputMaybe<Scalars['String']['input']>;
  requestedTo?: InputMaybe<Scalars['DateTime']['input']>;
  rule?: InputMaybe<Scalars['ID']['input']>;
  state?: InputMaybe<SignOffState>;
};


export type QuerySigningKeysArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};

export type ReauthenticateInput = {
  password: Scalars['String']['input'];
};

export type ReauthenticateResult = InvalidCredentials | Reauthenticated;

export type Reauthenticated = {
  __typename?: 'Reauthenticated';
  /** Until when this session may approve HIGH-risk requests (10 minutes from now). */
  until: Scalars['DateTime']['output'];
};

/**
 * Approving a HIGH-risk request, and the changes that can weaken the
 * two-person rule or send data away (a DECIDE or ADMIN owner token, an
 * invitation, a webhook endpoint or WEBHOOK operation, the approvals and money
 * settings), need the owner's password within the last 10 minutes
 * (reauthenticate), in a console session; an owner token cannot. Nothing was
 * changed.
 */
export type ReauthenticationRequired = DomainError & {
  __typename?: 'ReauthenticationRequired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One landed draw. */
export type Receipt = {
  __typename?: 'Receipt';
  dispatchKey: Scalars['String']['output'];
  drawnAt: Scalars['DateTime']['output'];
  minorUnits: Scalars['Amount']['output'];
  /** 1 for the first draw on the authority, 2 for the next… */
  ordinal: Scalars['Amount']['output'];
  /** What was left right after this draw. */
  remaining: Amounts;
  tokens: Scalars['Amount']['output'];
};

export type ReceiptConnection = {
  __typename?: 'ReceiptConnection';
  nodes: Array<Receipt>;
  pageInfo: PageInfo;
};

/**
 * The owner denied this same request (same operation, repository and input)
 * less than `coolDownMinutes` ago: asking again is refused until `retryAfter`,
 * so an agent looping on a denial stops paging its owner. Nothing is stored.
 */
export type RecentlyDenied = DomainError & {
  __typename?: 'RecentlyDenied';
  code: ErrorCode;
  /** The cool-down, in minutes (10). */
  coolDownMinutes: Scalars['Int']['output'];
  deniedAt: Scalars['DateTime']['output'];
  /** The request the owner denied. */
  deniedSignOffId: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  /** The owner's note on the denial, if any. */
  note?: Maybe<Scalars['String']['output']>;
  /** When the same request may be asked again. */
  retryAfter: Scalars['DateTime']['output'];
};

export type RedeemSignOffInput = {
  id: Scalars['ID']['input'];
  /**
   * SHA-256 (hex) of the canonical input the agent is about to act on: it must
   * be the approved one (`inputHash` of the request).
   */
  inputHash: Scalars['String']['input'];
};

export type RedeemSignOffResult = AlreadyRedeemed | GrantLapsed | InputMismatch | NotFound | SignOffClosed | SignOffRedeemed;

export type RegisterPushDeviceInput = {
  /** The subscription's https endpoint, as the browser's PushManager gave it. */
  endpoint: Scalars['String']['input'];
  keys: PushKeysInput;
  /** A name the owner recognises ("Work laptop"). */
  name: Scalars['String']['input'];
};

export type RegisterPushDeviceResult = LimitReached | PushDeviceRegistered;

export type RegisterSigningKeyInput = {
  name: Scalars['String']['input'];
  /** PEM (SPKI), or the raw 32 bytes in base64 or hex. */
  publicKey: Scalars['String']['input'];
};

export type RegisterSigningKeyResult = SigningKeyRegistered;

export type RemovePushDeviceResult = NotFound | PushDeviceRemoved;

export type ReportSignOffOutcomeInput = {
  /** Why it failed (at most 2000 characters). */
  failure?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  /** What the action produced (a JSON object, at most 64 KiB). */
  result?: InputMaybe<Scalars['JSON']['input']>;
  succeeded: Scalars['Boolean']['input'];
};

export type ReportSignOffOutcomeResult = NotFound | SignOffClosed | SignOffOutcomeReported;

/** An owner's resource that deeds act on. */
export type Repository = {
  __typename?: 'Repository';
  /**
   * A random identity, new each time a repository is created: a repository
   * deleted and re-created under the same name has a new code.
   */
  code: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  deletedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Unique among the owner's live repositories. */
  name: Scalars['String']['output'];
  owner: Owner;
  state: RepositoryState;
};

export type RepositoryConnection = {
  __typename?: 'RepositoryConnection';
  nodes: Array<Repository>;
  pageInfo: PageInfo;
};

export type RepositoryCreated = {
  __typename?: 'RepositoryCreated';
  repository: Repository;
};

export type RepositoryState =
  | 'SERVING'
  | 'UNSERVED';

export type RequestSignOffInput = {
  input: Scalars['JSON']['input'];
  op: Scalars['String']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
  /**
   * The name of one of the owner's live repositories, for operations with
   * `needsRepository`; omitted for the others.
   */
  repository?: InputMaybe<Scalars['String']['input']>;
  summary: Scalars['String']['input'];
};

export type RequestSignOffResult = NotFound | OperationRetired | RecentlyDenied | SignOffRequested | TooManyPending;

/**
 * An approvals setting the first owner made alone, as it stood when the second
 * owner's joining removed it.
 */
export type ResetApprovalPolicy = {
  __typename?: 'ResetApprovalPolicy';
  approvalsRequired: Scalars['Int']['output'];
  op: Scalars['String']['output'];
  setAt: Scalars['DateTime']['output'];
};

export type RetireOperationResult = NotFound | OperationRetirement;

export type RevokeAgentInput = {
  id: Scalars['ID']['input'];
};

export type RevokeAgentResult = AgentRevoked | NotFound;

export type RevokeAuthorityInput = {
  authority: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
};

export type RevokeAuthorityResult = AuthorityRevoked | NotFound;

export type RevokeOwnerInvitationInput = {
  id: Scalars['ID']['input'];
};

export type RevokeOwnerInvitationResult = NotFound | OwnerInvitationRevoked;

export type RevokeOwnerTokenResult = NotFound | OwnerTokenRevoked;

export type RevokeSignOffRuleResult = NotFound | SignOffRuleRevoked;

export type RevokeSigningKeyInput = {
  keyId: Scalars['ID']['input'];
};

export type RevokeSigningKeyResult = NotFound | SigningKeyRevoked;

export type Revoked = DomainError & {
  __typename?: 'Revoked';
  code: ErrorCode;
  message: Scalars['String']['output'];
  reason: Scalars['String']['output'];
};

/** How much harm a mistaken approval can do, as the operation's owner judges it. */
export type Risk =
  | 'HIGH'
  | 'LOW'
  | 'MEDIUM';

export type RotateAgentKeyInput = {
  id: Scalars['ID']['input'];
};

export type RotateAgentKeyResult = AgentKeyRotated | NotFound;

export type RotateWebhookSecretResult = NotFound | WebhookEndpointSecretRotated | WebhookSecretRotated;

/**
 * One top-level input field's constraint. Exactly one of `equals`, `oneOf`,
 * `atMost`, `prefix` is set, as `kind` says.
 */
export type RuleConstraint = {
  __typename?: 'RuleConstraint';
  /** AT_MOST: the field must be a number no greater than this. */
  atMost?: Maybe<Scalars['Float']['output']>;
  /** EQUALS: the field must hold exactly this value (compared as canonical JSON). */
  equals?: Maybe<Scalars['JSON']['output']>;
  field: Scalars['String']['output'];
  kind: RuleConstraintKind;
  /** ONE_OF: the field must hold one of these values. */
  oneOf?: Maybe<Array<Scalars['JSON']['output']>>;
  /** PREFIX: the field must be a string starting with this. */
  prefix?: Maybe<Scalars['String']['output']>;
};

/**
 * A constraint on one top-level field: set exactly one of `equals`, `oneOf`,
 * `atMost`, `prefix`. A field left out of the list may hold anything.
 */
export type RuleConstraintInput = {
  atMost?: InputMaybe<Scalars['Float']['input']>;
  equals?: InputMaybe<Scalars['JSON']['input']>;
  field: Scalars['String']['input'];
  /** 1 to 50 values. */
  oneOf?: InputMaybe<Array<Scalars['JSON']['input']>>;
  /** 1 to 500 characters. */
  prefix?: InputMaybe<Scalars['String']['input']>;
};

export type RuleConstraintKind =
  | 'AT_MOST'
  | 'EQUALS'
  | 'ONE_OF'
  | 'PREFIX';

/**
 * What a rule allows: the constraints, a cap and an end. The cap and the end
 * are required (BAD_INPUT without them): a rule with neither would be a
 * blank cheque.
 */
export type RuleTermsInput = {
  constraints?: InputMaybe<Array<RuleConstraintInput>>;
  /** When it stops, after now and at most 30 days away. */
  endsAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** How many requests it may approve, 1 to 1000. */
  maxApprovals?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * This owner has given the request its first approval already: the second
 * must come from another owner of the tenant. Nothing was changed.
 */
export type SecondApproverRequired = DomainError & {
  __typename?: 'SecondApproverRequired';
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The request as it stands (PARTIALLY_APPROVED). */
  signOff: SignOff;
};

/**
 * What the tenant's first owner had done alone, undone when the second owner
 * joined (docs/tenancy.md, T11): the invitations still open then, revoked, and
 * the approvals settings, removed so that each operation needs its default
 * again. Read back from that join's `owner.joined` audit entry.
 */
export type SecondOwnerJoin = {
  __typename?: 'SecondOwnerJoin';
  joinedAt: Scalars['DateTime']['output'];
  /** The owner who joined second. */
  owner: Owner;
  resetPolicies: Array<ResetApprovalPolicy>;
  revokedInvitations: Array<OwnerInvitation>;
};

export type SecretUnavailable = DomainError & {
  __typename?: 'SecretUnavailable';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type SendTestWebhookResult = NotFound | TestWebhookSent;

export type SetApprovalsRequiredInput = {
  /** 1 or 2. */
  approvalsRequired: Scalars['Int']['input'];
  op: Scalars['String']['input'];
};

export type SetApprovalsRequiredResult = ApprovalPolicyChangeProposed | ApprovalPolicySet | ReauthenticationRequired;

export type SetEmailPreferenceInput = {
  /** 5 to 1440; needed for DIGEST. */
  digestMinutes?: InputMaybe<Scalars['Int']['input']>;
  event: NotificationEvent;
  mode: EmailMode;
};

export type SetMoneyRiskThresholdInput = {
  /** ISO 4217 code, e.g. EUR. */
  currency: Scalars['String']['input'];
  /** The threshold in the currency's minor units; null removes the currency's threshold. */
  minorUnits?: InputMaybe<Scalars['Amount']['input']>;
};

export type SetMoneyRiskThresholdResult = MoneyRiskThresholdSet | ReauthenticationRequired;

/** Setup is over: an owner exists, or the link was used, expired or is unknown. */
export type SetupClosed = DomainError & {
  __typename?: 'SetupClosed';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type SetupCompleted = {
  __typename?: 'SetupCompleted';
  owner: Owner;
};

export type SetupFirstOwnerInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  tenantName: Scalars['String']['input'];
  /** The one-time token from the setup link the server printed. */
  token: Scalars['String']['input'];
};

export type SetupFirstOwnerResult = SetupClosed | SetupCompleted;

export type SetupStatus = {
  __typename?: 'SetupStatus';
  /** True until the first owner exists; the console then offers its setup page. */
  needed: Scalars['Boolean']['output'];
};

export type SignAuditHeadPayload = {
  __typename?: 'SignAuditHeadPayload';
  /** The head as signed; null when the tenant's log has no entry yet. */
  head?: Maybe<SignedAuditHead>;
  /** False when this head was signed already (a head that has not moved is not signed again). */
  signedNow: Scalars['Boolean']['output'];
};

export type SignInInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type SignInResult = InvalidCredentials | SignedIn;

/**
 * An agent's request that its owner sign off on one operation against one
 * repository, with an exact input. What the owner approves is what runs.
 */
export type SignOff = {
  __typename?: 'SignOff';
  /**
   * The agent that asked; null for an owner-to-owner request (`tenant.*`),
   * which `proposedBy` filed.
   */
  agent?: Maybe<Agent>;
  /**
   * Who approved a request that needs two approvals, oldest first (the
   * second, when there is one, decided it). Empty for a request needing one
   * (its decision is `decidedAt` and `note`), and always empty for agents.
   */
  approvals: Array<SignOffApproval>;
  /**
   * How many approvals, from different owners of the tenant, the request needs:
   * 1, or 2 under the two-person rule (docs/sign-offs.md, S20). Fixed when the
   * request was stored, from its operation's setting (`approvalPolicies`).
   */
  approvalsRequired: Scalars['Int']['output'];
  /**
   * The owner's standing rule that approved it at once, when it was asked
   * (docs/sign-offs.md, S19); null when an owner decided it.
   */
  approvedByRule?: Maybe<SignOffRule>;
  /**
   * Whether an owner approved (or half-approved) an input other than the one
   * the agent asked: then `input` is what runs, and an agent acts on it, never
   * on its own.
   */
  changedByOwner: Scalars['Boolean']['output'];
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
  /** WEBHOOK operations: every delivery attempt, oldest first (owner only; empty for agents). */
  deliveryAttempts: Array<DeliveryAttempt>;
  /**
   * The owner who denied the request: any owner of the tenant may deny one
   * needing two approvals, the first approver too (S20); one needing one is
   * its owner's to decide. Null unless an owner denied it, and always null
   * for agents.
   */
  deniedBy?: Maybe<Owner>;
  /** What the operation does, in words, for the owner. */
  description: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  /**
   * Why an approved request did not run, or "agent revoked" when the asking
   * agent was revoked while the request was open (state WITHDRAWN).
   */
  failure?: Maybe<Scalars['String']['output']>;
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /**
   * The input, canonical (sorted keys), as it will run: the approved input,
   * which is the agent's own (`requestedInput`) unless an owner approved it
   * with changes (`changedByOwner`, docs/sign-offs.md, S22).
   */
  input: Scalars['JSON']['output'];
  /** The exact canonical JSON text that runs, byte for byte. */
  inputCanonical: Scalars['String']['output'];
  /**
   * SHA-256 of `inputCanonical`, hex: what a redeem names, the approval
   * token's `inputHash`, and the `expectedInputHash` of an approval with changes.
   */
  inputHash: Scalars['String']['output'];
  irreversible: Scalars['Boolean']['output'];
  /** The owner's note with the decision. */
  note?: Maybe<Scalars['String']['output']>;
  op: Scalars['String']['output'];
  /** The version of the operation the request was asked under (1 for the built-ins). */
  opVersion: Scalars['Int']['output'];
  /** That version of the operation: its schema, risk and runner. */
  operation: Operation;
  /**
   * The owner who filed an owner-to-owner request (`tenant.changePolicy`,
   * `tenant.inviteOwner`) for a second owner's approval; null when an agent asked.
   */
  proposedBy?: Maybe<Owner>;
  /** Why the agent asks. */
  reason?: Maybe<Scalars['String']['output']>;
  /** AGENT operations: until when the approval may be redeemed (24 hours after it). */
  redeemBy?: Maybe<Scalars['DateTime']['output']>;
  /** AGENT operations: when the agent redeemed its grant. */
  redeemedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The repository the deed acts on; null for operations on none (authority.grant). */
  repository?: Maybe<Repository>;
  requestedAt: Scalars['DateTime']['output'];
  /**
   * The input the agent asked for, canonical; never changes. Asking again with
   * it finds this request while it is open (S2).
   */
  requestedInput: Scalars['JSON']['output'];
  /** SHA-256 of the canonical `requestedInput`, hex. */
  requestedInputHash: Scalars['String']['output'];
  /** What the operation answered (its non-secret fields). */
  result?: Maybe<Scalars['JSON']['output']>;
  /**
   * How dangerous approving it is, decided by the server when the request was
   * stored, from its operation and its exact input (docs/sign-offs.md, S15).
   */
  risk: Risk;
  /** Why the risk is what it is, in words for the owner (empty when LOW). */
  riskReasons: Array<Scalars['String']['output']>;
  secretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  secretState: SignOffSecretState;
  state: SignOffState;
  /** The agent's one-line summary. */
  summary: Scalars['String']['output'];
};

/** One owner's approval of a request that needs two (docs/sign-offs.md, S20). */
export type SignOffApproval = {
  __typename?: 'SignOffApproval';
  approvedAt: Scalars['DateTime']['output'];
  /** The note the owner gave with this approval. */
  note?: Maybe<Scalars['String']['output']>;
  owner: Owner;
};

export type SignOffClosed = DomainError & {
  __typename?: 'SignOffClosed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The request as it stands (decided, withdrawn or expired). */
  signOff: SignOff;
};

export type SignOffConnection = {
  __typename?: 'SignOffConnection';
  nodes: Array<SignOff>;
  pageInfo: PageInfo;
};

export type SignOffDecided = {
  __typename?: 'SignOffDecided';
  /** The rule made with the approval, when `remember` was given. */
  rule?: Maybe<SignOffRule>;
  /**
   * After an approval of a SERVER operation, the request has already run:
   * SUCCEEDED or FAILED; or WITHDRAWN if the asking agent's revocation
   * committed before its deed ran. An AGENT operation is AWAITING_REDEEM, a
   * WEBHOOK one DELIVERING.
   */
  signOff: SignOff;
};

export type SignOffEvent = {
  __typename?: 'SignOffEvent';
  signOff: SignOff;
};

export type SignOffOutcomeReported = {
  __typename?: 'SignOffOutcomeReported';
  signOff: SignOff;
};

export type SignOffRedeemed = {
  __typename?: 'SignOffRedeemed';
  /**
   * A compact JWS (EdDSA) any service can verify offline against
   * `/.well-known/jwks.json`: iss, sub (the request id), op, opVersion,
   * inputHash, agent, approvedBy, tenant, iat, exp (15 minutes), jti.
   */
  approval: Scalars['String']['output'];
  signOff: SignOff;
};

export type SignOffRequested = {
  __typename?: 'SignOffRequested';
  /** True when the same request was already waiting and is returned instead of a second. */
  existing: Scalars['Boolean']['output'];
  signOff: SignOff;
};

/**
 * An owner's standing approval (docs/sign-offs.md, S19): a later request of
 * `agent` for `op` (at `opVersion`, on `repository` if set) whose input has
 * only the fields the operation declared and fits every constraint is
 * approved at once, by this rule, up to `maxApprovals` times and until
 * `endsAt`. Fields without a constraint may hold anything. HIGH-risk or
 * irreversible requests are never approved by a rule.
 */
export type SignOffRule = {
  __typename?: 'SignOffRule';
  agent: Agent;
  /** Requests this rule has approved. */
  approvedCount: Scalars['Int']['output'];
  constraints: Array<RuleConstraint>;
  createdAt: Scalars['DateTime']['output'];
  endsAt: Scalars['DateTime']['output'];
  /** The top-level input fields the operation declared when the rule was made: a request with any other field is not covered. */
  fields: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  maxApprovals: Scalars['Int']['output'];
  op: Scalars['String']['output'];
  /** The defined operation's version it covers; null for a built-in. */
  opVersion?: Maybe<Scalars['Int']['output']>;
  /** Approvals left. */
  remaining: Scalars['Int']['output'];
  /** The only repository it covers; null: any of the owner's (or an operation on none). */
  repository?: Maybe<Repository>;
  revokeReason?: Maybe<Scalars['String']['output']>;
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  state: SignOffRuleState;
};

export type SignOffRuleConnection = {
  __typename?: 'SignOffRuleConnection';
  nodes: Array<SignOffRule>;
  pageInfo: PageInfo;
};

export type SignOffRuleCreated = {
  __typename?: 'SignOffRuleCreated';
  rule: SignOffRule;
};

export type SignOffRuleRevoked = {
  __typename?: 'SignOffRuleRevoked';
  /** The rule as it stands; a second revocation keeps the first reason. */
  rule: SignOffRule;
};

/** Where an approve-and-remember rule stands, at the server's clock. */
export type SignOffRuleState =
  /** Approving matching requests. */
  | 'ACTIVE'
  /** Its cap is used up. */
  | 'EXHAUSTED'
  /** Past its end. */
  | 'EXPIRED'
  /** Revoked by its owner. */
  | 'REVOKED';

export type SignOffSecret = {
  __typename?: 'SignOffSecret';
  secret: Scalars['JSON']['output'];
};

export type SignOffSecretState =
  /** Not taken in time, or its agent was revoked: cleared, and what it minted revoked. */
  | 'LAPSED'
  /** The operation has no secret result. */
  | 'NONE'
  | 'TAKEN'
  /** Waiting for the asking agent to take it, until `secretExpiresAt`. */
  | 'WAITING';

export type SignOffState =
  /** Approved and running (a SERVER operation). */
  | 'APPROVED'
  /**
   * An AGENT operation approved: its grant waits for the asking agent to
   * redeem it (`redeemSignOff`), until `redeemBy`. Still open: asking again
   * for the same input returns this request.
   */
  | 'AWAITING_REDEEM'
  /** A WEBHOOK operation approved and being delivered (retried for up to 24 hours). */
  | 'DELIVERING'
  | 'DENIED'
  /** Nobody answered within the window; nothing ran. */
  | 'EXPIRED'
  | 'FAILED'
  /** An AGENT operation's grant not redeemed within 24 hours of the approval; nothing ran. */
  | 'LAPSED'
  /**
   * Needs two approvals from two different owners (`approvalsRequired: 2`) and
   * has its first (`approvals`): waiting for another owner of the tenant, until
   * `expiresAt`. Open, like PENDING (docs/sign-offs.md, S20).
   */
  | 'PARTIALLY_APPROVED'
  /** Waiting for the owner, until `expiresAt`. */
  | 'PENDING'
  /** The agent holds its grant and has not reported the outcome yet. */
  | 'REDEEMED'
  | 'SUCCEEDED'
  /**
   * Closed before anything ran: withdrawn by the asking agent, or closed by its
   * revocation (then `failure` is "agent revoked", even if it was approved).
   */
  | 'WITHDRAWN';

export type SignOffWithdrawn = {
  __typename?: 'SignOffWithdrawn';
  signOff: SignOff;
};

export type SignOutResult = SignedOut;

/**
 * A chain head signed with the server's audit key (Ed25519). The signature is
 * over the canonical JSON of {type: "countersign.audit-head.v1", tenantId,
 * seq, hash, signedAt, kid}. Keep it off the box: `pnpm countersign audit
 * verify --head FILE` holds a chain to it.
 */
export type SignedAuditHead = {
  __typename?: 'SignedAuditHead';
  hash: Scalars['String']['output'];
  /** The audit key that signed it (one of `auditKeys`). */
  kid: Scalars['String']['output'];
  /** That key's raw 32-byte Ed25519 public key, base64url. */
  publicKey: Scalars['String']['output'];
  seq: Scalars['Int']['output'];
  /** Ed25519 signature, base64url. */
  signature: Scalars['String']['output'];
  signedAt: Scalars['DateTime']['output'];
  tenantId: Scalars['ID']['output'];
};

export type SignedIn = {
  __typename?: 'SignedIn';
  owner: Owner;
};

export type SignedOut = {
  __typename?: 'SignedOut';
  signedOut: Scalars['Boolean']['output'];
};

/** An Ed25519 public key an owner registered to attest manifests. */
export type SigningKey = {
  __typename?: 'SigningKey';
  createdAt: Scalars['DateTime']['output'];
  /** Hex SHA-256 of the raw public key: derived, never chosen. */
  keyId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The raw 32-byte key, base64. */
  publicKey: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type SigningKeyConnection = {
  __typename?: 'SigningKeyConnection';
  nodes: Array<SigningKey>;
  pageInfo: PageInfo;
};

export type SigningKeyRegistered = {
  __typename?: 'SigningKeyRegistered';
  /** True when this key was registered already. */
  existing: Scalars['Boolean']['output'];
  key: SigningKey;
};

export type SigningKeyRevoked = {
  __typename?: 'SigningKeyRevoked';
  key: SigningKey;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Changes to the owner's agents (created, revoked), from any instance. */
  agentEvents: AgentEvent;
  /** Changes to authorities (issued, drawn on, revoked): the owner's, or the agent's own. */
  authorityEvents: AuthorityEvent;
  /**
   * Every change to the owner's requests; an agent's own requests; `id` narrows
   * to one, and then the request as it stands comes first, so a decision made
   * just before subscribing is never missed. An `id` the caller cannot read is
   * refused with NOT_FOUND.
   */
  signOffEvents: SignOffEvent;
};


export type SubscriptionSignOffEventsArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};

export type TakeOwnerInvitationLinkResult = NotFound | OwnerInvitationLink | SecretUnavailable;

export type TakeSignOffSecretResult = NotFound | SecretUnavailable | SignOffSecret;

export type Tenant = {
  __typename?: 'Tenant';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

export type TermsConflict = DomainError & {
  __typename?: 'TermsConflict';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type TestWebhookSent = {
  __typename?: 'TestWebhookSent';
  delivery: WebhookDelivery;
};

export type TooManyPending = DomainError & {
  __typename?: 'TooManyPending';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One notification sent (or being sent) to an endpoint, with its latest attempt. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The event's name (a `NotificationEvent`), or `WEBHOOK_TEST` for a test. */
  event: Scalars['String']['output'];
  /** The `webhook-id` it carries on every attempt. */
  id: Scalars['ID']['output'];
  lastAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  latencyMs?: Maybe<Scalars['Int']['output']>;
  /** The first bytes of the endpoint's answer, or why the attempt failed. */
  responseSnippet?: Maybe<Scalars['String']['output']>;
  state: WebhookDeliveryState;
  /** The endpoint's HTTP status at the latest attempt; null when no answer came. */
  status?: Maybe<Scalars['Int']['output']>;
};

/** Where one delivery to an endpoint stands. */
export type WebhookDeliveryState =
  | 'DELIVERED'
  /** Given up after 24 hours of failed attempts, or its endpoint was disabled or deleted meanwhile. */
  | 'FAILED'
  | 'PENDING';

/** An owner's HTTPS endpoint that receives the events it subscribes to. */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  createdAt: Scalars['DateTime']['output'];
  /** The latest deliveries, newest first (at most 50). */
  deliveries: Array<WebhookDelivery>;
  description?: Maybe<Scalars['String']['output']>;
  /** Set when disabled, by its owner or after 3 days of failing continuously. */
  disabledAt?: Maybe<Scalars['DateTime']['output']>;
  disabledReason?: Maybe<Scalars['String']['output']>;
  events: Array<NotificationEvent>;
  /** When the current run of failed attempts began; null after a success. */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  format: WebhookFormat;
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
};


/** An owner's HTTPS endpoint that receives the events it subscribes to. */
export type WebhookEndpointDeliveriesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type WebhookEndpointChanged = {
  __typename?: 'WebhookEndpointChanged';
  endpoint: WebhookEndpoint;
};

export type WebhookEndpointCreated = {
  __typename?: 'WebhookEndpointCreated';
  endpoint: WebhookEndpoint;
  /** The signing secret (`whsec_…`), shown this once. */
  secret: Scalars['String']['output'];
};

export type WebhookEndpointDeleted = {
  __typename?: 'WebhookEndpointDeleted';
  id: Scalars['ID']['output'];
};

export type WebhookEndpointSecretRotated = {
  __typename?: 'WebhookEndpointSecretRotated';
  endpoint: WebhookEndpoint;
  /** The new secret, shown once; deliveries are also signed with the previous one for 24 hours. */
  secret: Scalars['String']['output'];
};

/** How deliveries to an endpoint are shaped. */
export type WebhookFormat =
  /** Block Kit for a Slack incoming-webhook URL (Slack checks no signature; the URL is the secret). */
  | 'SLACK'
  /** Standard Webhooks: a signed JSON body `{type, timestamp, data}`. */
  | 'STANDARD';

export type WebhookSecretRotated = {
  __typename?: 'WebhookSecretRotated';
  operation: Operation;
  /**
   * The new secret, shown once. Deliveries are signed with it, and also with
   * the previous one for 24 hours, so a receiver can switch without losing any.
   */
  webhookSecret: Scalars['String']['output'];
};

export type WithdrawSignOffResult = NotFound | SignOffClosed | SignOffWithdrawn;



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = {}, TContext = {}, TArgs = {}> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = {}, TContext = {}, TArgs = {}> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = {}, TContext = {}> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = {}, TContext = {}> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = {}, TParent = {}, TContext = {}, TArgs = {}> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  AcceptOwnerInvitationResult: ( InvitationInvalid & { __typename: 'InvitationInvalid' } ) | ( Omit<OwnerInvitationAccepted, 'owner'> & { owner: _RefType['Owner'] } & { __typename: 'OwnerInvitationAccepted' } );
  ChangeWebhookEndpointResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<WebhookEndpointChanged, 'endpoint'> & { endpoint: _RefType['WebhookEndpoint'] } & { __typename: 'WebhookEndpointChanged' } );
  CreateAgentOAuthClientResult: ( Omit<AgentOAuthClientCreated, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentOAuthClientCreated' } ) | ( NotFound & { __typename: 'NotFound' } );
  CreateAgentResult: ( Omit<AgentCreated, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentCreated' } ) | ( NameTaken & { __typename: 'NameTaken' } );
  CreateOwnerTokenResult: ( OwnerTokenCreated & { __typename: 'OwnerTokenCreated' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } );
  CreateRepositoryResult: ( LimitReached & { __typename: 'LimitReached' } ) | ( NameTaken & { __typename: 'NameTaken' } ) | ( Omit<RepositoryCreated, 'repository'> & { repository: _RefType['Repository'] } & { __typename: 'RepositoryCreated' } );
  CreateSignOffRuleResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SignOffRuleCreated, 'rule'> & { rule: _RefType['SignOffRule'] } & { __typename: 'SignOffRuleCreated' } );
  CreateWebhookEndpointResult: ( LimitReached & { __typename: 'LimitReached' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } ) | ( Omit<WebhookEndpointCreated, 'endpoint'> & { endpoint: _RefType['WebhookEndpoint'] } & { __typename: 'WebhookEndpointCreated' } );
  DecideSignOffResult: ( InputMismatch & { __typename: 'InputMismatch' } ) | ( Omit<NotBatchable, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'NotBatchable' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } ) | ( Omit<SecondApproverRequired, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SecondApproverRequired' } ) | ( Omit<SignOffClosed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffClosed' } ) | ( Omit<SignOffDecided, 'rule' | 'signOff'> & { rule?: Maybe<_RefType['SignOffRule']>, signOff: _RefType['SignOff'] } & { __typename: 'SignOffDecided' } );
  DefineOperationResult: ( LimitReached & { __typename: 'LimitReached' } ) | ( Omit<OperationDefined, 'operation'> & { operation: _RefType['Operation'] } & { __typename: 'OperationDefined' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } );
  DeleteWebhookEndpointResult: ( NotFound & { __typename: 'NotFound' } ) | ( WebhookEndpointDeleted & { __typename: 'WebhookEndpointDeleted' } );
  DrawAuthorityResult: ( Omit<DispatchKeyReused, 'receipt'> & { receipt: _RefType['Receipt'] } & { __typename: 'DispatchKeyReused' } ) | ( DrawnResult & { __typename: 'Drawn' } ) | ( Exhausted & { __typename: 'Exhausted' } ) | ( Expired & { __typename: 'Expired' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( NotYetValid & { __typename: 'NotYetValid' } ) | ( PerDrawCapExceeded & { __typename: 'PerDrawCapExceeded' } ) | ( Revoked & { __typename: 'Revoked' } );
  InviteOwnerResult: ( Omit<OwnerInvitationProposed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'OwnerInvitationProposed' } ) | ( Omit<OwnerInvited, 'invitation'> & { invitation: _RefType['OwnerInvitation'] } & { __typename: 'OwnerInvited' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } );
  IssueAuthorityResult: ( Omit<AuthorityIssued, 'authority'> & { authority: _RefType['Authority'] } & { __typename: 'AuthorityIssued' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( TermsConflict & { __typename: 'TermsConflict' } );
  Principal: ( AgentRow & { __typename: 'Agent' } ) | ( OwnerRow & { __typename: 'Owner' } );
  PublishManifestResult: ( BadAttestation & { __typename: 'BadAttestation' } ) | ( LimitReached & { __typename: 'LimitReached' } ) | ( Omit<ManifestPublished, 'manifest'> & { manifest: _RefType['Manifest'] } & { __typename: 'ManifestPublished' } ) | ( ManifestVersionTaken & { __typename: 'ManifestVersionTaken' } );
  ReauthenticateResult: ( InvalidCredentials & { __typename: 'InvalidCredentials' } ) | ( Reauthenticated & { __typename: 'Reauthenticated' } );
  RedeemSignOffResult: ( Omit<AlreadyRedeemed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'AlreadyRedeemed' } ) | ( Omit<GrantLapsed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'GrantLapsed' } ) | ( InputMismatch & { __typename: 'InputMismatch' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SignOffClosed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffClosed' } ) | ( Omit<SignOffRedeemed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffRedeemed' } );
  RegisterPushDeviceResult: ( LimitReached & { __typename: 'LimitReached' } ) | ( Omit<PushDeviceRegistered, 'device'> & { device: _RefType['PushDevice'] } & { __typename: 'PushDeviceRegistered' } );
  RegisterSigningKeyResult: ( Omit<SigningKeyRegistered, 'key'> & { key: _RefType['SigningKey'] } & { __typename: 'SigningKeyRegistered' } );
  RemovePushDeviceResult: ( NotFound & { __typename: 'NotFound' } ) | ( PushDeviceRemoved & { __typename: 'PushDeviceRemoved' } );
  ReportSignOffOutcomeResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SignOffClosed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffClosed' } ) | ( Omit<SignOffOutcomeReported, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffOutcomeReported' } );
  RequestSignOffResult: ( NotFound & { __typename: 'NotFound' } ) | ( OperationRetired & { __typename: 'OperationRetired' } ) | ( RecentlyDenied & { __typename: 'RecentlyDenied' } ) | ( Omit<SignOffRequested, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffRequested' } ) | ( TooManyPending & { __typename: 'TooManyPending' } );
  RetireOperationResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<OperationRetirement, 'operation'> & { operation: _RefType['Operation'] } & { __typename: 'OperationRetirement' } );
  RevokeAgentResult: ( Omit<AgentRevoked, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentRevoked' } ) | ( NotFound & { __typename: 'NotFound' } );
  RevokeAuthorityResult: ( Omit<AuthorityRevoked, 'authority'> & { authority: _RefType['Authority'] } & { __typename: 'AuthorityRevoked' } ) | ( NotFound & { __typename: 'NotFound' } );
  RevokeOwnerInvitationResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<OwnerInvitationRevoked, 'invitation'> & { invitation: _RefType['OwnerInvitation'] } & { __typename: 'OwnerInvitationRevoked' } );
  RevokeOwnerTokenResult: ( NotFound & { __typename: 'NotFound' } ) | ( OwnerTokenRevoked & { __typename: 'OwnerTokenRevoked' } );
  RevokeSignOffRuleResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SignOffRuleRevoked, 'rule'> & { rule: _RefType['SignOffRule'] } & { __typename: 'SignOffRuleRevoked' } );
  RevokeSigningKeyResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SigningKeyRevoked, 'key'> & { key: _RefType['SigningKey'] } & { __typename: 'SigningKeyRevoked' } );
  RotateAgentKeyResult: ( Omit<AgentKeyRotated, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentKeyRotated' } ) | ( NotFound & { __typename: 'NotFound' } );
  RotateWebhookSecretResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<WebhookEndpointSecretRotated, 'endpoint'> & { endpoint: _RefType['WebhookEndpoint'] } & { __typename: 'WebhookEndpointSecretRotated' } ) | ( Omit<WebhookSecretRotated, 'operation'> & { operation: _RefType['Operation'] } & { __typename: 'WebhookSecretRotated' } );
  SendTestWebhookResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<TestWebhookSent, 'delivery'> & { delivery: _RefType['WebhookDelivery'] } & { __typename: 'TestWebhookSent' } );
  SetApprovalsRequiredResult: ( Omit<ApprovalPolicyChangeProposed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'ApprovalPolicyChangeProposed' } ) | ( Omit<ApprovalPolicySet, 'policy'> & { policy: _RefType['ApprovalPolicy'] } & { __typename: 'ApprovalPolicySet' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } );
  SetMoneyRiskThresholdResult: ( MoneyRiskThresholdSet & { __typename: 'MoneyRiskThresholdSet' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } );
  SetupFirstOwnerResult: ( SetupClosed & { __typename: 'SetupClosed' } ) | ( Omit<SetupCompleted, 'owner'> & { owner: _RefType['Owner'] } & { __typename: 'SetupCompleted' } );
  SignInResult: ( InvalidCredentials & { __typename: 'InvalidCredentials' } ) | ( Omit<SignedIn, 'owner'> & { owner: _RefType['Owner'] } & { __typename: 'SignedIn' } );
  SignOutResult: ( SignedOut & { __typename: 'SignedOut' } );
  TakeOwnerInvitationLinkResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<OwnerInvitationLink, 'invitation'> & { invitation: _RefType['OwnerInvitation'] } & { __typename: 'OwnerInvitationLink' } ) | ( SecretUnavailable & { __typename: 'SecretUnavailable' } );
  TakeSignOffSecretResult: ( NotFound & { __typename: 'NotFound' } ) | ( SecretUnavailable & { __typename: 'SecretUnavailable' } ) | ( SignOffSecret & { __typename: 'SignOffSecret' } );
  WithdrawSignOffResult: ( NotFound & { __typename: 'NotFound' } ) | ( Omit<SignOffClosed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffClosed' } ) | ( Omit<SignOffWithdrawn, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffWithdrawn' } );
};

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  DomainError: ( Omit<AlreadyRedeemed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'AlreadyRedeemed' } ) | ( BadAttestation & { __typename: 'BadAttestation' } ) | ( Omit<DispatchKeyReused, 'receipt'> & { receipt: _RefType['Receipt'] } & { __typename: 'DispatchKeyReused' } ) | ( Exhausted & { __typename: 'Exhausted' } ) | ( Expired & { __typename: 'Expired' } ) | ( Omit<GrantLapsed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'GrantLapsed' } ) | ( InputMismatch & { __typename: 'InputMismatch' } ) | ( InvalidCredentials & { __typename: 'InvalidCredentials' } ) | ( InvitationInvalid & { __typename: 'InvitationInvalid' } ) | ( LimitReached & { __typename: 'LimitReached' } ) | ( ManifestVersionTaken & { __typename: 'ManifestVersionTaken' } ) | ( NameTaken & { __typename: 'NameTaken' } ) | ( Omit<NotBatchable, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'NotBatchable' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( NotYetValid & { __typename: 'NotYetValid' } ) | ( OperationRetired & { __typename: 'OperationRetired' } ) | ( PerDrawCapExceeded & { __typename: 'PerDrawCapExceeded' } ) | ( ReauthenticationRequired & { __typename: 'ReauthenticationRequired' } ) | ( RecentlyDenied & { __typename: 'RecentlyDenied' } ) | ( Revoked & { __typename: 'Revoked' } ) | ( Omit<SecondApproverRequired, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SecondApproverRequired' } ) | ( SecretUnavailable & { __typename: 'SecretUnavailable' } ) | ( SetupClosed & { __typename: 'SetupClosed' } ) | ( Omit<SignOffClosed, 'signOff'> & { signOff: _RefType['SignOff'] } & { __typename: 'SignOffClosed' } ) | ( TermsConflict & { __typename: 'TermsConflict' } ) | ( TooManyPending & { __typename: 'TooManyPending' } );
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AcceptOwnerInvitationInput: AcceptOwnerInvitationInput;
  AcceptOwnerInvitationResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['AcceptOwnerInvitationResult']>;
  Agent: ResolverTypeWrapper<AgentRow>;
  AgentConnection: ResolverTypeWrapper<Omit<AgentConnection, 'nodes'> & { nodes: Array<ResolversTypes['Agent']> }>;
  AgentCreated: ResolverTypeWrapper<Omit<AgentCreated, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentEvent: ResolverTypeWrapper<Omit<AgentEvent, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentEventKind: AgentEventKind;
  AgentKeyRotated: ResolverTypeWrapper<Omit<AgentKeyRotated, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentOAuthClientCreated: ResolverTypeWrapper<Omit<AgentOAuthClientCreated, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentRevoked: ResolverTypeWrapper<Omit<AgentRevoked, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AlreadyRedeemed: ResolverTypeWrapper<Omit<AlreadyRedeemed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  Amount: ResolverTypeWrapper<Scalars['Amount']['output']>;
  Amounts: ResolverTypeWrapper<Amounts>;
  ApprovalPolicy: ResolverTypeWrapper<ApprovalPolicyView>;
  ApprovalPolicyChangeProposed: ResolverTypeWrapper<Omit<ApprovalPolicyChangeProposed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  ApprovalPolicySet: ResolverTypeWrapper<Omit<ApprovalPolicySet, 'policy'> & { policy: ResolversTypes['ApprovalPolicy'] }>;
  AttestationInput: AttestationInput;
  AuditEntry: ResolverTypeWrapper<AuditEntry>;
  AuditKey: ResolverTypeWrapper<AuditKey>;
  AuditLogPage: ResolverTypeWrapper<AuditLogPage>;
  Authority: ResolverTypeWrapper<AuthorityView>;
  AuthorityConnection: ResolverTypeWrapper<Omit<AuthorityConnection, 'nodes'> & { nodes: Array<ResolversTypes['Authority']> }>;
  AuthorityEvent: ResolverTypeWrapper<Omit<AuthorityEvent, 'authority'> & { authority: ResolversTypes['Authority'] }>;
  AuthorityIssued: ResolverTypeWrapper<Omit<AuthorityIssued, 'authority'> & { authority: ResolversTypes['Authority'] }>;
  AuthorityRevoked: ResolverTypeWrapper<Omit<AuthorityRevoked, 'authority'> & { authority: ResolversTypes['Authority'] }>;
  AuthorityState: AuthorityState;
  BadAttestation: ResolverTypeWrapper<BadAttestation>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ChangeWebhookEndpointResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ChangeWebhookEndpointResult']>;
  CreateAgentInput: CreateAgentInput;
  CreateAgentOAuthClientInput: CreateAgentOAuthClientInput;
  CreateAgentOAuthClientResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateAgentOAuthClientResult']>;
  CreateAgentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateAgentResult']>;
  CreateOwnerTokenInput: CreateOwnerTokenInput;
  CreateOwnerTokenResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateOwnerTokenResult']>;
  CreateRepositoryInput: CreateRepositoryInput;
  CreateRepositoryResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateRepositoryResult']>;
  CreateSignOffRuleInput: CreateSignOffRuleInput;
  CreateSignOffRuleResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateSignOffRuleResult']>;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CreateWebhookEndpointResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateWebhookEndpointResult']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DecideSignOffInput: DecideSignOffInput;
  DecideSignOffResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DecideSignOffResult']>;
  DecideSignOffsInput: DecideSignOffsInput;
  DefineOperationInput: DefineOperationInput;
  DefineOperationResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DefineOperationResult']>;
  DeleteWebhookEndpointResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DeleteWebhookEndpointResult']>;
  DeliveryAttempt: ResolverTypeWrapper<DeliveryAttempt>;
  DispatchKeyReused: ResolverTypeWrapper<Omit<DispatchKeyReused, 'receipt'> & { receipt: ResolversTypes['Receipt'] }>;
  DomainError: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['DomainError']>;
  DrawAuthorityInput: DrawAuthorityInput;
  DrawAuthorityResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DrawAuthorityResult']>;
  Drawn: ResolverTypeWrapper<DrawnResult>;
  EmailMode: EmailMode;
  EmailPreference: ResolverTypeWrapper<EmailPreference>;
  ErrorCode: ErrorCode;
  Exhausted: ResolverTypeWrapper<Exhausted>;
  Expired: ResolverTypeWrapper<Expired>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  GrantLapsed: ResolverTypeWrapper<Omit<GrantLapsed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  InputMismatch: ResolverTypeWrapper<InputMismatch>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  InvalidCredentials: ResolverTypeWrapper<InvalidCredentials>;
  InvitationInvalid: ResolverTypeWrapper<InvitationInvalid>;
  InviteOwnerInput: InviteOwnerInput;
  InviteOwnerResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['InviteOwnerResult']>;
  IssueAuthorityInput: IssueAuthorityInput;
  IssueAuthorityResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['IssueAuthorityResult']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  LimitName: LimitName;
  LimitReached: ResolverTypeWrapper<LimitReached>;
  Manifest: ResolverTypeWrapper<ManifestRow>;
  ManifestAttestation: ResolverTypeWrapper<ManifestAttestation>;
  ManifestFormat: ManifestFormat;
  ManifestNameConnection: ResolverTypeWrapper<ManifestNameConnection>;
  ManifestPublished: ResolverTypeWrapper<Omit<ManifestPublished, 'manifest'> & { manifest: ResolversTypes['Manifest'] }>;
  ManifestVersion: ResolverTypeWrapper<ManifestVersion>;
  ManifestVersionConnection: ResolverTypeWrapper<ManifestVersionConnection>;
  ManifestVersionTaken: ResolverTypeWrapper<ManifestVersionTaken>;
  MoneyRiskThresholdSet: ResolverTypeWrapper<MoneyRiskThresholdSet>;
  MoneyThreshold: ResolverTypeWrapper<MoneyThreshold>;
  Mutation: ResolverTypeWrapper<{}>;
  NameTaken: ResolverTypeWrapper<NameTaken>;
  NotBatchable: ResolverTypeWrapper<Omit<NotBatchable, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  NotFound: ResolverTypeWrapper<NotFound>;
  NotYetValid: ResolverTypeWrapper<NotYetValid>;
  NotificationEvent: NotificationEvent;
  NotificationSettings: ResolverTypeWrapper<NotificationSettings>;
  Operation: ResolverTypeWrapper<OperationView>;
  OperationDefined: ResolverTypeWrapper<Omit<OperationDefined, 'operation'> & { operation: ResolversTypes['Operation'] }>;
  OperationRetired: ResolverTypeWrapper<OperationRetired>;
  OperationRetirement: ResolverTypeWrapper<Omit<OperationRetirement, 'operation'> & { operation: ResolversTypes['Operation'] }>;
  OperationRunner: OperationRunner;
  Owner: ResolverTypeWrapper<OwnerRow>;
  OwnerInvitation: ResolverTypeWrapper<InvitationRow>;
  OwnerInvitationAccepted: ResolverTypeWrapper<Omit<OwnerInvitationAccepted, 'owner'> & { owner: ResolversTypes['Owner'] }>;
  OwnerInvitationLink: ResolverTypeWrapper<Omit<OwnerInvitationLink, 'invitation'> & { invitation: ResolversTypes['OwnerInvitation'] }>;
  OwnerInvitationPreview: ResolverTypeWrapper<Omit<OwnerInvitationPreview, 'tenant'> & { tenant: ResolversTypes['Tenant'] }>;
  OwnerInvitationProposed: ResolverTypeWrapper<Omit<OwnerInvitationProposed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  OwnerInvitationRevoked: ResolverTypeWrapper<Omit<OwnerInvitationRevoked, 'invitation'> & { invitation: ResolversTypes['OwnerInvitation'] }>;
  OwnerInvitationState: OwnerInvitationState;
  OwnerInvited: ResolverTypeWrapper<Omit<OwnerInvited, 'invitation'> & { invitation: ResolversTypes['OwnerInvitation'] }>;
  OwnerToken: ResolverTypeWrapper<OwnerToken>;
  OwnerTokenConnection: ResolverTypeWrapper<OwnerTokenConnection>;
  OwnerTokenCreated: ResolverTypeWrapper<OwnerTokenCreated>;
  OwnerTokenRevoked: ResolverTypeWrapper<OwnerTokenRevoked>;
  OwnerTokenScope: OwnerTokenScope;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PerDrawCapExceeded: ResolverTypeWrapper<PerDrawCapExceeded>;
  Principal: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['Principal']>;
  PublishManifestInput: PublishManifestInput;
  PublishManifestResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PublishManifestResult']>;
  PublishVerdict: PublishVerdict;
  PushDevice: ResolverTypeWrapper<PushDeviceRow>;
  PushDeviceRegistered: ResolverTypeWrapper<Omit<PushDeviceRegistered, 'device'> & { device: ResolversTypes['PushDevice'] }>;
  PushDeviceRemoved: ResolverTypeWrapper<PushDeviceRemoved>;
  PushKeysInput: PushKeysInput;
  Query: ResolverTypeWrapper<{}>;
  ReauthenticateInput: ReauthenticateInput;
  ReauthenticateResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ReauthenticateResult']>;
  Reauthenticated: ResolverTypeWrapper<Reauthenticated>;
  ReauthenticationRequired: ResolverTypeWrapper<ReauthenticationRequired>;
  Receipt: ResolverTypeWrapper<ReceiptRow>;
  ReceiptConnection: ResolverTypeWrapper<Omit<ReceiptConnection, 'nodes'> & { nodes: Array<ResolversTypes['Receipt']> }>;
  RecentlyDenied: ResolverTypeWrapper<RecentlyDenied>;
  RedeemSignOffInput: RedeemSignOffInput;
  RedeemSignOffResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RedeemSignOffResult']>;
  RegisterPushDeviceInput: RegisterPushDeviceInput;
  RegisterPushDeviceResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RegisterPushDeviceResult']>;
  RegisterSigningKeyInput: RegisterSigningKeyInput;
  RegisterSigningKeyResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RegisterSigningKeyResult']>;
  RemovePushDeviceResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RemovePushDeviceResult']>;
  ReportSignOffOutcomeInput: ReportSignOffOutcomeInput;
  ReportSignOffOutcomeResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ReportSignOffOutcomeResult']>;
  Repository: ResolverTypeWrapper<RepositoryRow>;
  RepositoryConnection: ResolverTypeWrapper<Omit<RepositoryConnection, 'nodes'> & { nodes: Array<ResolversTypes['Repository']> }>;
  RepositoryCreated: ResolverTypeWrapper<Omit<RepositoryCreated, 'repository'> & { repository: ResolversTypes['Repository'] }>;
  RepositoryState: RepositoryState;
  RequestSignOffInput: RequestSignOffInput;
  RequestSignOffResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RequestSignOffResult']>;
  ResetApprovalPolicy: ResolverTypeWrapper<ResetApprovalPolicy>;
  RetireOperationResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RetireOperationResult']>;
  RevokeAgentInput: RevokeAgentInput;
  RevokeAgentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeAgentResult']>;
  RevokeAuthorityInput: RevokeAuthorityInput;
  RevokeAuthorityResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeAuthorityResult']>;
  RevokeOwnerInvitationInput: RevokeOwnerInvitationInput;
  RevokeOwnerInvitationResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeOwnerInvitationResult']>;
  RevokeOwnerTokenResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeOwnerTokenResult']>;
  RevokeSignOffRuleResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeSignOffRuleResult']>;
  RevokeSigningKeyInput: RevokeSigningKeyInput;
  RevokeSigningKeyResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeSigningKeyResult']>;
  Revoked: ResolverTypeWrapper<Revoked>;
  Risk: Risk;
  RotateAgentKeyInput: RotateAgentKeyInput;
  RotateAgentKeyResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RotateAgentKeyResult']>;
  RotateWebhookSecretResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RotateWebhookSecretResult']>;
  RuleConstraint: ResolverTypeWrapper<StoredConstraint>;
  RuleConstraintInput: RuleConstraintInput;
  RuleConstraintKind: RuleConstraintKind;
  RuleTermsInput: RuleTermsInput;
  SecondApproverRequired: ResolverTypeWrapper<Omit<SecondApproverRequired, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SecondOwnerJoin: ResolverTypeWrapper<Omit<SecondOwnerJoin, 'owner' | 'revokedInvitations'> & { owner: ResolversTypes['Owner'], revokedInvitations: Array<ResolversTypes['OwnerInvitation']> }>;
  SecretUnavailable: ResolverTypeWrapper<SecretUnavailable>;
  SendTestWebhookResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SendTestWebhookResult']>;
  SetApprovalsRequiredInput: SetApprovalsRequiredInput;
  SetApprovalsRequiredResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SetApprovalsRequiredResult']>;
  SetEmailPreferenceInput: SetEmailPreferenceInput;
  SetMoneyRiskThresholdInput: SetMoneyRiskThresholdInput;
  SetMoneyRiskThresholdResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SetMoneyRiskThresholdResult']>;
  SetupClosed: ResolverTypeWrapper<SetupClosed>;
  SetupCompleted: ResolverTypeWrapper<Omit<SetupCompleted, 'owner'> & { owner: ResolversTypes['Owner'] }>;
  SetupFirstOwnerInput: SetupFirstOwnerInput;
  SetupFirstOwnerResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SetupFirstOwnerResult']>;
  SetupStatus: ResolverTypeWrapper<SetupStatus>;
  SignAuditHeadPayload: ResolverTypeWrapper<SignAuditHeadPayload>;
  SignInInput: SignInInput;
  SignInResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SignInResult']>;
  SignOff: ResolverTypeWrapper<SignOffRow>;
  SignOffApproval: ResolverTypeWrapper<SignOffApprovalRow>;
  SignOffClosed: ResolverTypeWrapper<Omit<SignOffClosed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOffConnection: ResolverTypeWrapper<Omit<SignOffConnection, 'nodes'> & { nodes: Array<ResolversTypes['SignOff']> }>;
  SignOffDecided: ResolverTypeWrapper<Omit<SignOffDecided, 'rule' | 'signOff'> & { rule?: Maybe<ResolversTypes['SignOffRule']>, signOff: ResolversTypes['SignOff'] }>;
  SignOffEvent: ResolverTypeWrapper<Omit<SignOffEvent, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOffOutcomeReported: ResolverTypeWrapper<Omit<SignOffOutcomeReported, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOffRedeemed: ResolverTypeWrapper<Omit<SignOffRedeemed, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOffRequested: ResolverTypeWrapper<Omit<SignOffRequested, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOffRule: ResolverTypeWrapper<SignOffRuleRow>;
  SignOffRuleConnection: ResolverTypeWrapper<Omit<SignOffRuleConnection, 'nodes'> & { nodes: Array<ResolversTypes['SignOffRule']> }>;
  SignOffRuleCreated: ResolverTypeWrapper<Omit<SignOffRuleCreated, 'rule'> & { rule: ResolversTypes['SignOffRule'] }>;
  SignOffRuleRevoked: ResolverTypeWrapper<Omit<SignOffRuleRevoked, 'rule'> & { rule: ResolversTypes['SignOffRule'] }>;
  SignOffRuleState: SignOffRuleState;
  SignOffSecret: ResolverTypeWrapper<SignOffSecret>;
  SignOffSecretState: SignOffSecretState;
  SignOffState: SignOffState;
  SignOffWithdrawn: ResolverTypeWrapper<Omit<SignOffWithdrawn, 'signOff'> & { signOff: ResolversTypes['SignOff'] }>;
  SignOutResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SignOutResult']>;
  SignedAuditHead: ResolverTypeWrapper<SignedAuditHead>;
  SignedIn: ResolverTypeWrapper<Omit<SignedIn, 'owner'> & { owner: ResolversTypes['Owner'] }>;
  SignedOut: ResolverTypeWrapper<SignedOut>;
  SigningKey: ResolverTypeWrapper<SigningKeyRow>;
  SigningKeyConnection: ResolverTypeWrapper<Omit<SigningKeyConnection, 'nodes'> & { nodes: Array<ResolversTypes['SigningKey']> }>;
  SigningKeyRegistered: ResolverTypeWrapper<Omit<SigningKeyRegistered, 'key'> & { key: ResolversTypes['SigningKey'] }>;
  SigningKeyRevoked: ResolverTypeWrapper<Omit<SigningKeyRevoked, 'key'> & { key: ResolversTypes['SigningKey'] }>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<{}>;
  TakeOwnerInvitationLinkResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['TakeOwnerInvitationLinkResult']>;
  TakeSignOffSecretResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['TakeSignOffSecretResult']>;
  Tenant: ResolverTypeWrapper<TenantRow>;
  TermsConflict: ResolverTypeWrapper<TermsConflict>;
  TestWebhookSent: ResolverTypeWrapper<Omit<TestWebhookSent, 'delivery'> & { delivery: ResolversTypes['WebhookDelivery'] }>;
  TooManyPending: ResolverTypeWrapper<TooManyPending>;
  WebhookDelivery: ResolverTypeWrapper<EndpointDeliveryRow>;
  WebhookDeliveryState: WebhookDeliveryState;
  WebhookEndpoint: ResolverTypeWrapper<EndpointRow>;
  WebhookEndpointChanged: ResolverTypeWrapper<Omit<WebhookEndpointChanged, 'endpoint'> & { endpoint: ResolversTypes['WebhookEndpoint'] }>;
  WebhookEndpointCreated: ResolverTypeWrapper<Omit<WebhookEndpointCreated, 'endpoint'> & { endpoint: ResolversTypes['WebhookEndpoint'] }>;
  WebhookEndpointDeleted: ResolverTypeWrapper<WebhookEndpointDeleted>;
  WebhookEndpointSecretRotated: ResolverTypeWrapper<Omit<WebhookEndpointSecretRotated, 'endpoint'> & { endpoint: ResolversTypes['WebhookEndpoint'] }>;
  WebhookFormat: WebhookFormat;
  WebhookSecretRotated: ResolverTypeWrapper<Omit<WebhookSecretRotated, 'operation'> & { operation: ResolversTypes['Operation'] }>;
  WithdrawSignOffResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['WithdrawSignOffResult']>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AcceptOwnerInvitationInput: AcceptOwnerInvitationInput;
  AcceptOwnerInvitationResult: ResolversUnionTypes<ResolversParentTypes>['AcceptOwnerInvitationResult'];
  Agent: AgentRow;
  AgentConnection: Omit<AgentConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['Agent']> };
  AgentCreated: Omit<AgentCreated, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentEvent: Omit<AgentEvent, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentKeyRotated: Omit<AgentKeyRotated, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentOAuthClientCreated: Omit<AgentOAuthClientCreated, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentRevoked: Omit<AgentRevoked, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AlreadyRedeemed: Omit<AlreadyRedeemed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  Amount: Scalars['Amount']['output'];
  Amounts: Amounts;
  ApprovalPolicy: ApprovalPolicyView;
  ApprovalPolicyChangeProposed: Omit<ApprovalPolicyChangeProposed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  ApprovalPolicySet: Omit<ApprovalPolicySet, 'policy'> & { policy: ResolversParentTypes['ApprovalPolicy'] };
  AttestationInput: AttestationInput;
  AuditEntry: AuditEntry;
  AuditKey: AuditKey;
  AuditLogPage: AuditLogPage;
  Authority: AuthorityView;
  AuthorityConnection: Omit<AuthorityConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['Authority']> };
  AuthorityEvent: Omit<AuthorityEvent, 'authority'> & { authority: ResolversParentTypes['Authority'] };
  AuthorityIssued: Omit<AuthorityIssued, 'authority'> & { authority: ResolversParentTypes['Authority'] };
  AuthorityRevoked: Omit<AuthorityRevoked, 'authority'> & { authority: ResolversParentTypes['Authority'] };
  BadAttestation: BadAttestation;
  Boolean: Scalars['Boolean']['output'];
  ChangeWebhookEndpointResult: ResolversUnionTypes<ResolversParentTypes>['ChangeWebhookEndpointResult'];
  CreateAgentInput: CreateAgentInput;
  CreateAgentOAuthClientInput: CreateAgentOAuthClientInput;
  CreateAgentOAuthClientResult: ResolversUnionTypes<ResolversParentTypes>['CreateAgentOAuthClientResult'];
  CreateAgentResult: ResolversUnionTypes<ResolversParentTypes>['CreateAgentResult'];
  CreateOwnerTokenInput: CreateOwnerTokenInput;
  CreateOwnerTokenResult: ResolversUnionTypes<ResolversParentTypes>['CreateOwnerTokenResult'];
  CreateRepositoryInput: CreateRepositoryInput;
  CreateRepositoryResult: ResolversUnionTypes<ResolversParentTypes>['CreateRepositoryResult'];
  CreateSignOffRuleInput: CreateSignOffRuleInput;
  CreateSignOffRuleResult: ResolversUnionTypes<ResolversParentTypes>['CreateSignOffRuleResult'];
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CreateWebhookEndpointResult: ResolversUnionTypes<ResolversParentTypes>['CreateWebhookEndpointResult'];
  DateTime: Scalars['DateTime']['output'];
  DecideSignOffInput: DecideSignOffInput;
  DecideSignOffResult: ResolversUnionTypes<ResolversParentTypes>['DecideSignOffResult'];
  DecideSignOffsInput: DecideSignOffsInput;
  DefineOperationInput: DefineOperationInput;
  DefineOperationResult: ResolversUnionTypes<ResolversParentTypes>['DefineOperationResult'];
  DeleteWebhookEndpointResult: ResolversUnionTypes<ResolversParentTypes>['DeleteWebhookEndpointResult'];
  DeliveryAttempt: DeliveryAttempt;
  DispatchKeyReused: Omit<DispatchKeyReused, 'receipt'> & { receipt: ResolversParentTypes['Receipt'] };
  DomainError: ResolversInterfaceTypes<ResolversParentTypes>['DomainError'];
  DrawAuthorityInput: DrawAuthorityInput;
  DrawAuthorityResult: ResolversUnionTypes<ResolversParentTypes>['DrawAuthorityResult'];
  Drawn: DrawnResult;
  EmailPreference: EmailPreference;
  Exhausted: Exhausted;
  Expired: Expired;
  Float: Scalars['Float']['output'];
  GrantLapsed: Omit<GrantLapsed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  ID: Scalars['ID']['output'];
  InputMismatch: InputMismatch;
  Int: Scalars['Int']['output'];
  InvalidCredentials: InvalidCredentials;
  InvitationInvalid: InvitationInvalid;
  InviteOwnerInput: InviteOwnerInput;
  InviteOwnerResult: ResolversUnionTypes<ResolversParentTypes>['InviteOwnerResult'];
  IssueAuthorityInput: IssueAuthorityInput;
  IssueAuthorityResult: ResolversUnionTypes<ResolversParentTypes>['IssueAuthorityResult'];
  JSON: Scalars['JSON']['output'];
  LimitReached: LimitReached;
  Manifest: ManifestRow;
  ManifestAttestation: ManifestAttestation;
  ManifestNameConnection: ManifestNameConnection;
  ManifestPublished: Omit<ManifestPublished, 'manifest'> & { manifest: ResolversParentTypes['Manifest'] };
  ManifestVersion: ManifestVersion;
  ManifestVersionConnection: ManifestVersionConnection;
  ManifestVersionTaken: ManifestVersionTaken;
  MoneyRiskThresholdSet: MoneyRiskThresholdSet;
  MoneyThreshold: MoneyThreshold;
  Mutation: {};
  NameTaken: NameTaken;
  NotBatchable: Omit<NotBatchable, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  NotFound: NotFound;
  NotYetValid: NotYetValid;
  NotificationSettings: NotificationSettings;
  Operation: OperationView;
  OperationDefined: Omit<OperationDefined, 'operation'> & { operation: ResolversParentTypes['Operation'] };
  OperationRetired: OperationRetired;
  OperationRetirement: Omit<OperationRetirement, 'operation'> & { operation: ResolversParentTypes['Operation'] };
  Owner: OwnerRow;
  OwnerInvitation: InvitationRow;
  OwnerInvitationAccepted: Omit<OwnerInvitationAccepted, 'owner'> & { owner: ResolversParentTypes['Owner'] };
  OwnerInvitationLink: Omit<OwnerInvitationLink, 'invitation'> & { invitation: ResolversParentTypes['OwnerInvitation'] };
  OwnerInvitationPreview: Omit<OwnerInvitationPreview, 'tenant'> & { tenant: ResolversParentTypes['Tenant'] };
  OwnerInvitationProposed: Omit<OwnerInvitationProposed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  OwnerInvitationRevoked: Omit<OwnerInvitationRevoked, 'invitation'> & { invitation: ResolversParentTypes['OwnerInvitation'] };
  OwnerInvited: Omit<OwnerInvited, 'invitation'> & { invitation: ResolversParentTypes['OwnerInvitation'] };
  OwnerToken: OwnerToken;
  OwnerTokenConnection: OwnerTokenConnection;
  OwnerTokenCreated: OwnerTokenCreated;
  OwnerTokenRevoked: OwnerTokenRevoked;
  PageInfo: PageInfo;
  PerDrawCapExceeded: PerDrawCapExceeded;
  Principal: ResolversUnionTypes<ResolversParentTypes>['Principal'];
  PublishManifestInput: PublishManifestInput;
  PublishManifestResult: ResolversUnionTypes<ResolversParentTypes>['PublishManifestResult'];
  PushDevice: PushDeviceRow;
  PushDeviceRegistered: Omit<PushDeviceRegistered, 'device'> & { device: ResolversParentTypes['PushDevice'] };
  PushDeviceRemoved: PushDeviceRemoved;
  PushKeysInput: PushKeysInput;
  Query: {};
  ReauthenticateInput: ReauthenticateInput;
  ReauthenticateResult: ResolversUnionTypes<ResolversParentTypes>['ReauthenticateResult'];
  Reauthenticated: Reauthenticated;
  ReauthenticationRequired: ReauthenticationRequired;
  Receipt: ReceiptRow;
  ReceiptConnection: Omit<ReceiptConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['Receipt']> };
  RecentlyDenied: RecentlyDenied;
  RedeemSignOffInput: RedeemSignOffInput;
  RedeemSignOffResult: ResolversUnionTypes<ResolversParentTypes>['RedeemSignOffResult'];
  RegisterPushDeviceInput: RegisterPushDeviceInput;
  RegisterPushDeviceResult: ResolversUnionTypes<ResolversParentTypes>['RegisterPushDeviceResult'];
  RegisterSigningKeyInput: RegisterSigningKeyInput;
  RegisterSigningKeyResult: ResolversUnionTypes<ResolversParentTypes>['RegisterSigningKeyResult'];
  RemovePushDeviceResult: ResolversUnionTypes<ResolversParentTypes>['RemovePushDeviceResult'];
  ReportSignOffOutcomeInput: ReportSignOffOutcomeInput;
  ReportSignOffOutcomeResult: ResolversUnionTypes<ResolversParentTypes>['ReportSignOffOutcomeResult'];
  Repository: RepositoryRow;
  RepositoryConnection: Omit<RepositoryConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['Repository']> };
  RepositoryCreated: Omit<RepositoryCreated, 'repository'> & { repository: ResolversParentTypes['Repository'] };
  RequestSignOffInput: RequestSignOffInput;
  RequestSignOffResult: ResolversUnionTypes<ResolversParentTypes>['RequestSignOffResult'];
  ResetApprovalPolicy: ResetApprovalPolicy;
  RetireOperationResult: ResolversUnionTypes<ResolversParentTypes>['RetireOperationResult'];
  RevokeAgentInput: RevokeAgentInput;
  RevokeAgentResult: ResolversUnionTypes<ResolversParentTypes>['RevokeAgentResult'];
  RevokeAuthorityInput: RevokeAuthorityInput;
  RevokeAuthorityResult: ResolversUnionTypes<ResolversParentTypes>['RevokeAuthorityResult'];
  RevokeOwnerInvitationInput: RevokeOwnerInvitationInput;
  RevokeOwnerInvitationResult: ResolversUnionTypes<ResolversParentTypes>['RevokeOwnerInvitationResult'];
  RevokeOwnerTokenResult: ResolversUnionTypes<ResolversParentTypes>['RevokeOwnerTokenResult'];
  RevokeSignOffRuleResult: ResolversUnionTypes<ResolversParentTypes>['RevokeSignOffRuleResult'];
  RevokeSigningKeyInput: RevokeSigningKeyInput;
  RevokeSigningKeyResult: ResolversUnionTypes<ResolversParentTypes>['RevokeSigningKeyResult'];
  Revoked: Revoked;
  RotateAgentKeyInput: RotateAgentKeyInput;
  RotateAgentKeyResult: ResolversUnionTypes<ResolversParentTypes>['RotateAgentKeyResult'];
  RotateWebhookSecretResult: ResolversUnionTypes<ResolversParentTypes>['RotateWebhookSecretResult'];
  RuleConstraint: StoredConstraint;
  RuleConstraintInput: RuleConstraintInput;
  RuleTermsInput: RuleTermsInput;
  SecondApproverRequired: Omit<SecondApproverRequired, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SecondOwnerJoin: Omit<SecondOwnerJoin, 'owner' | 'revokedInvitations'> & { owner: ResolversParentTypes['Owner'], revokedInvitations: Array<ResolversParentTypes['OwnerInvitation']> };
  SecretUnavailable: SecretUnavailable;
  SendTestWebhookResult: ResolversUnionTypes<ResolversParentTypes>['SendTestWebhookResult'];
  SetApprovalsRequiredInput: SetApprovalsRequiredInput;
  SetApprovalsRequiredResult: ResolversUnionTypes<ResolversParentTypes>['SetApprovalsRequiredResult'];
  SetEmailPreferenceInput: SetEmailPreferenceInput;
  SetMoneyRiskThresholdInput: SetMoneyRiskThresholdInput;
  SetMoneyRiskThresholdResult: ResolversUnionTypes<ResolversParentTypes>['SetMoneyRiskThresholdResult'];
  SetupClosed: SetupClosed;
  SetupCompleted: Omit<SetupCompleted, 'owner'> & { owner: ResolversParentTypes['Owner'] };
  SetupFirstOwnerInput: SetupFirstOwnerInput;
  SetupFirstOwnerResult: ResolversUnionTypes<ResolversParentTypes>['SetupFirstOwnerResult'];
  SetupStatus: SetupStatus;
  SignAuditHeadPayload: SignAuditHeadPayload;
  SignInInput: SignInInput;
  SignInResult: ResolversUnionTypes<ResolversParentTypes>['SignInResult'];
  SignOff: SignOffRow;
  SignOffApproval: SignOffApprovalRow;
  SignOffClosed: Omit<SignOffClosed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOffConnection: Omit<SignOffConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['SignOff']> };
  SignOffDecided: Omit<SignOffDecided, 'rule' | 'signOff'> & { rule?: Maybe<ResolversParentTypes['SignOffRule']>, signOff: ResolversParentTypes['SignOff'] };
  SignOffEvent: Omit<SignOffEvent, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOffOutcomeReported: Omit<SignOffOutcomeReported, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOffRedeemed: Omit<SignOffRedeemed, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOffRequested: Omit<SignOffRequested, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOffRule: SignOffRuleRow;
  SignOffRuleConnection: Omit<SignOffRuleConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['SignOffRule']> };
  SignOffRuleCreated: Omit<SignOffRuleCreated, 'rule'> & { rule: ResolversParentTypes['SignOffRule'] };
  SignOffRuleRevoked: Omit<SignOffRuleRevoked, 'rule'> & { rule: ResolversParentTypes['SignOffRule'] };
  SignOffSecret: SignOffSecret;
  SignOffWithdrawn: Omit<SignOffWithdrawn, 'signOff'> & { signOff: ResolversParentTypes['SignOff'] };
  SignOutResult: ResolversUnionTypes<ResolversParentTypes>['SignOutResult'];
  SignedAuditHead: SignedAuditHead;
  SignedIn: Omit<SignedIn, 'owner'> & { owner: ResolversParentTypes['Owner'] };
  SignedOut: SignedOut;
  SigningKey: SigningKeyRow;
  SigningKeyConnection: Omit<SigningKeyConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['SigningKey']> };
  SigningKeyRegistered: Omit<SigningKeyRegistered, 'key'> & { key: ResolversParentTypes['SigningKey'] };
  SigningKeyRevoked: Omit<SigningKeyRevoked, 'key'> & { key: ResolversParentTypes['SigningKey'] };
  String: Scalars['String']['output'];
  Subscription: {};
  TakeOwnerInvitationLinkResult: ResolversUnionTypes<ResolversParentTypes>['TakeOwnerInvitationLinkResult'];
  TakeSignOffSecretResult: ResolversUnionTypes<ResolversParentTypes>['TakeSignOffSecretResult'];
  Tenant: TenantRow;
  TermsConflict: TermsConflict;
  TestWebhookSent: Omit<TestWebhookSent, 'delivery'> & { delivery: ResolversParentTypes['WebhookDelivery'] };
  TooManyPending: TooManyPending;
  WebhookDelivery: EndpointDeliveryRow;
  WebhookEndpoint: EndpointRow;
  WebhookEndpointChanged: Omit<WebhookEndpointChanged, 'endpoint'> & { endpoint: ResolversParentTypes['WebhookEndpoint'] };
  WebhookEndpointCreated: Omit<WebhookEndpointCreated, 'endpoint'> & { endpoint: ResolversParentTypes['WebhookEndpoint'] };
  WebhookEndpointDeleted: WebhookEndpointDeleted;
  WebhookEndpointSecretRotated: Omit<WebhookEndpointSecretRotated, 'endpoint'> & { endpoint: ResolversParentTypes['WebhookEndpoint'] };
  WebhookSecretRotated: Omit<WebhookSecretRotated, 'operation'> & { operation: ResolversParentTypes['Operation'] };
  WithdrawSignOffResult: ResolversUnionTypes<ResolversParentTypes>['WithdrawSignOffResult'];
};

export type AcceptOwnerInvitationResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AcceptOwnerInvitationResult'] = ResolversParentTypes['AcceptOwnerInvitationResult']> = {
  __resolveType: TypeResolveFn<'InvitationInvalid' | 'OwnerInvitationAccepted', ParentType, ContextType>;
};

export type AgentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Agent'] = ResolversParentTypes['Agent']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  keyPrefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  revoked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentConnection'] = ResolversParentTypes['AgentConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['Agent']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentCreated'] = ResolversParentTypes['AgentCreated']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentEvent'] = ResolversParentTypes['AgentEvent']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AgentEventKind'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentKeyRotatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentKeyRotated'] = ResolversParentTypes['AgentKeyRotated']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentOAuthClientCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentOAuthClientCreated'] = ResolversParentTypes['AgentOAuthClientCreated']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  clientId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clientSecret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AgentRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentRevoked'] = ResolversParentTypes['AgentRevoked']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AlreadyRedeemedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AlreadyRedeemed'] = ResolversParentTypes['AlreadyRedeemed']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface AmountScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Amount'], any> {
  name: 'Amount';
}

export type AmountsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Amounts'] = ResolversParentTypes['Amounts']> = {
  draws?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  minorUnits?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  tokens?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ApprovalPolicyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ApprovalPolicy'] = ResolversParentTypes['ApprovalPolicy']> = {
  approvalsRequired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  op?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  setAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  setBy?: Resolver<Maybe<ResolversTypes['Owner']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ApprovalPolicyChangeProposedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ApprovalPolicyChangeProposed'] = ResolversParentTypes['ApprovalPolicyChangeProposed']> = {
  existing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ApprovalPolicySetResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ApprovalPolicySet'] = ResolversParentTypes['ApprovalPolicySet']> = {
  policy?: Resolver<ResolversTypes['ApprovalPolicy'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuditEntryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEntry'] = ResolversParentTypes['AuditEntry']> = {
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  detail?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  entry?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prevHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuditKeyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditKey'] = ResolversParentTypes['AuditKey']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  kid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retiredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuditLogPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditLogPage'] = ResolversParentTypes['AuditLogPage']> = {
  nodes?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorityResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Authority'] = ResolversParentTypes['Authority']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  ceiling?: Resolver<ResolversTypes['Amounts'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  drawn?: Resolver<ResolversTypes['Amounts'], ParentType, ContextType>;
  grantedBy?: Resolver<Maybe<ResolversTypes['SignOff']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  issuedBy?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  lastDrawnAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notAfter?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  notBefore?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  perDrawMinorUnits?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  perDrawTokens?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  receipts?: Resolver<ResolversTypes['ReceiptConnection'], ParentType, ContextType, RequireFields<AuthorityReceiptsArgs, 'first'>>;
  remaining?: Resolver<ResolversTypes['Amounts'], ParentType, ContextType>;
  revokeReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['AuthorityState'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorityConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuthorityConnection'] = ResolversParentTypes['AuthorityConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['Authority']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorityEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuthorityEvent'] = ResolversParentTypes['AuthorityEvent']> = {
  authority?: Resolver<ResolversTypes['Authority'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorityIssuedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuthorityIssued'] = ResolversParentTypes['AuthorityIssued']> = {
  authority?: Resolver<ResolversTypes['Authority'], ParentType, ContextType>;
  existing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorityRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuthorityRevoked'] = ResolversParentTypes['AuthorityRevoked']> = {
  authority?: Resolver<ResolversTypes['Authority'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type BadAttestationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['BadAttestation'] = ResolversParentTypes['BadAttestation']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ChangeWebhookEndpointResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChangeWebhookEndpointResult'] = ResolversParentTypes['ChangeWebhookEndpointResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'WebhookEndpointChanged', ParentType, ContextType>;
};

export type CreateAgentOAuthClientResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateAgentOAuthClientResult'] = ResolversParentTypes['CreateAgentOAuthClientResult']> = {
  __resolveType: TypeResolveFn<'AgentOAuthClientCreated' | 'NotFound', ParentType, ContextType>;
};

export type CreateAgentResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateAgentResult'] = ResolversParentTypes['CreateAgentResult']> = {
  __resolveType: TypeResolveFn<'AgentCreated' | 'NameTaken', ParentType, ContextType>;
};

export type CreateOwnerTokenResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateOwnerTokenResult'] = ResolversParentTypes['CreateOwnerTokenResult']> = {
  __resolveType: TypeResolveFn<'OwnerTokenCreated' | 'ReauthenticationRequired', ParentType, ContextType>;
};

export type CreateRepositoryResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateRepositoryResult'] = ResolversParentTypes['CreateRepositoryResult']> = {
  __resolveType: TypeResolveFn<'LimitReached' | 'NameTaken' | 'RepositoryCreated', ParentType, ContextType>;
};

export type CreateSignOffRuleResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateSignOffRuleResult'] = ResolversParentTypes['CreateSignOffRuleResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SignOffRuleCreated', ParentType, ContextType>;
};

export type CreateWebhookEndpointResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateWebhookEndpointResult'] = ResolversParentTypes['CreateWebhookEndpointResult']> = {
  __resolveType: TypeResolveFn<'LimitReached' | 'ReauthenticationRequired' | 'WebhookEndpointCreated', ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DecideSignOffResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DecideSignOffResult'] = ResolversParentTypes['DecideSignOffResult']> = {
  __resolveType: TypeResolveFn<'InputMismatch' | 'NotBatchable' | 'NotFound' | 'ReauthenticationRequired' | 'SecondApproverRequired' | 'SignOffClosed' | 'SignOffDecided', ParentType, ContextType>;
};

export type DefineOperationResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DefineOperationResult'] = ResolversParentTypes['DefineOperationResult']> = {
  __resolveType: TypeResolveFn<'LimitReached' | 'OperationDefined' | 'ReauthenticationRequired', ParentType, ContextType>;
};

export type DeleteWebhookEndpointResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DeleteWebhookEndpointResult'] = ResolversParentTypes['DeleteWebhookEndpointResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'WebhookEndpointDeleted', ParentType, ContextType>;
};

export type DeliveryAttemptResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DeliveryAttempt'] = ResolversParentTypes['DeliveryAttempt']> = {
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type DispatchKeyReusedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DispatchKeyReused'] = ResolversParentTypes['DispatchKeyReused']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  receipt?: Resolver<ResolversTypes['Receipt'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type DomainErrorResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DomainError'] = ResolversParentTypes['DomainError']> = {
  __resolveType: TypeResolveFn<'AlreadyRedeemed' | 'BadAttestation' | 'DispatchKeyReused' | 'Exhausted' | 'Expired' | 'GrantLapsed' | 'InputMismatch' | 'InvalidCredentials' | 'InvitationInvalid' | 'LimitReached' | 'ManifestVersionTaken' | 'NameTaken' | 'NotBatchable' | 'NotFound' | 'NotYetValid' | 'OperationRetired' | 'PerDrawCapExceeded' | 'ReauthenticationRequired' | 'RecentlyDenied' | 'Revoked' | 'SecondApproverRequired' | 'SecretUnavailable' | 'SetupClosed' | 'SignOffClosed' | 'TermsConflict' | 'TooManyPending', ParentType, ContextType>;
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DrawAuthorityResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DrawAuthorityResult'] = ResolversParentTypes['DrawAuthorityResult']> = {
  __resolveType: TypeResolveFn<'DispatchKeyReused' | 'Drawn' | 'Exhausted' | 'Expired' | 'NotFound' | 'NotYetValid' | 'PerDrawCapExceeded' | 'Revoked', ParentType, ContextType>;
};

export type DrawnResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Drawn'] = ResolversParentTypes['Drawn']> = {
  authority?: Resolver<ResolversTypes['Authority'], ParentType, ContextType>;
  receipt?: Resolver<ResolversTypes['Receipt'], ParentType, ContextType>;
  replayed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type EmailPreferenceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EmailPreference'] = ResolversParentTypes['EmailPreference']> = {
  digestMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  event?: Resolver<ResolversTypes['NotificationEvent'], ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['EmailMode'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ExhaustedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Exhausted'] = ResolversParentTypes['Exhausted']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Amounts'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ExpiredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Expired'] = ResolversParentTypes['Expired']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type GrantLapsedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['GrantLapsed'] = ResolversParentTypes['GrantLapsed']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InputMismatchResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InputMismatch'] = ResolversParentTypes['InputMismatch']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InvalidCredentialsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InvalidCredentials'] = ResolversParentTypes['InvalidCredentials']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InvitationInvalidResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InvitationInvalid'] = ResolversParentTypes['InvitationInvalid']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InviteOwnerResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InviteOwnerResult'] = ResolversParentTypes['InviteOwnerResult']> = {
  __resolveType: TypeResolveFn<'OwnerInvitationProposed' | 'OwnerInvited' | 'ReauthenticationRequired', ParentType, ContextType>;
};

export type IssueAuthorityResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['IssueAuthorityResult'] = ResolversParentTypes['IssueAuthorityResult']> = {
  __resolveType: TypeResolveFn<'AuthorityIssued' | 'NotFound' | 'TermsConflict', ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type LimitReachedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['LimitReached'] = ResolversParentTypes['LimitReached']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['LimitName'], ParentType, ContextType>;
  max?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Manifest'] = ResolversParentTypes['Manifest']> = {
  attestation?: Resolver<Maybe<ResolversTypes['ManifestAttestation']>, ParentType, ContextType>;
  canonical?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  digest?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  format?: Resolver<ResolversTypes['ManifestFormat'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publishedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  verified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestAttestationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestAttestation'] = ResolversParentTypes['ManifestAttestation']> = {
  keyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  signature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestNameConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestNameConnection'] = ResolversParentTypes['ManifestNameConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestPublishedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestPublished'] = ResolversParentTypes['ManifestPublished']> = {
  manifest?: Resolver<ResolversTypes['Manifest'], ParentType, ContextType>;
  verdict?: Resolver<ResolversTypes['PublishVerdict'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestVersionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestVersion'] = ResolversParentTypes['ManifestVersion']> = {
  digest?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  publishedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  signed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  verified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestVersionConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestVersionConnection'] = ResolversParentTypes['ManifestVersionConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['ManifestVersion']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ManifestVersionTakenResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ManifestVersionTaken'] = ResolversParentTypes['ManifestVersionTaken']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storedDigest?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MoneyRiskThresholdSetResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MoneyRiskThresholdSet'] = ResolversParentTypes['MoneyRiskThresholdSet']> = {
  thresholds?: Resolver<Array<ResolversTypes['MoneyThreshold']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MoneyThresholdResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MoneyThreshold'] = ResolversParentTypes['MoneyThreshold']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  minorUnits?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  acceptOwnerInvitation?: Resolver<ResolversTypes['AcceptOwnerInvitationResult'], ParentType, ContextType, RequireFields<MutationAcceptOwnerInvitationArgs, 'input'>>;
  createAgent?: Resolver<ResolversTypes['CreateAgentResult'], ParentType, ContextType, RequireFields<MutationCreateAgentArgs, 'input'>>;
  createAgentOAuthClient?: Resolver<ResolversTypes['CreateAgentOAuthClientResult'], ParentType, ContextType, RequireFields<MutationCreateAgentOAuthClientArgs, 'input'>>;
  createOwnerToken?: Resolver<ResolversTypes['CreateOwnerTokenResult'], ParentType, ContextType, RequireFields<MutationCreateOwnerTokenArgs, 'input'>>;
  createRepository?: Resolver<ResolversTypes['CreateRepositoryResult'], ParentType, ContextType, RequireFields<MutationCreateRepositoryArgs, 'input'>>;
  createSignOffRule?: Resolver<ResolversTypes['CreateSignOffRuleResult'], ParentType, ContextType, RequireFields<MutationCreateSignOffRuleArgs, 'input'>>;
  createWebhookEndpoint?: Resolver<ResolversTypes['CreateWebhookEndpointResult'], ParentType, ContextType, RequireFields<MutationCreateWebhookEndpointArgs, 'input'>>;
  decideSignOff?: Resolver<ResolversTypes['DecideSignOffResult'], ParentType, ContextType, RequireFields<MutationDecideSignOffArgs, 'input'>>;
  decideSignOffs?: Resolver<Array<ResolversTypes['DecideSignOffResult']>, ParentType, ContextType, RequireFields<MutationDecideSignOffsArgs, 'input'>>;
  defineOperation?: Resolver<ResolversTypes['DefineOperationResult'], ParentType, ContextType, RequireFields<MutationDefineOperationArgs, 'input'>>;
  deleteWebhookEndpoint?: Resolver<ResolversTypes['DeleteWebhookEndpointResult'], ParentType, ContextType, RequireFields<MutationDeleteWebhookEndpointArgs, 'id'>>;
  disableWebhookEndpoint?: Resolver<ResolversTypes['ChangeWebhookEndpointResult'], ParentType, ContextType, RequireFields<MutationDisableWebhookEndpointArgs, 'id'>>;
  drawAuthority?: Resolver<ResolversTypes['DrawAuthorityResult'], ParentType, ContextType, RequireFields<MutationDrawAuthorityArgs, 'input'>>;
  enableWebhookEndpoint?: Resolver<ResolversTypes['ChangeWebhookEndpointResult'], ParentType, ContextType, RequireFields<MutationEnableWebhookEndpointArgs, 'id'>>;
  inviteOwner?: Resolver<ResolversTypes['InviteOwnerResult'], ParentType, ContextType, RequireFields<MutationInviteOwnerArgs, 'input'>>;
  issueAuthority?: Resolver<ResolversTypes['IssueAuthorityResult'], ParentType, ContextType, RequireFields<MutationIssueAuthorityArgs, 'input'>>;
  publishManifest?: Resolver<ResolversTypes['PublishManifestResult'], ParentType, ContextType, RequireFields<MutationPublishManifestArgs, 'input'>>;
  reauthenticate?: Resolver<ResolversTypes['ReauthenticateResult'], ParentType, ContextType, RequireFields<MutationReauthenticateArgs, 'input'>>;
  redeemSignOff?: Resolver<ResolversTypes['RedeemSignOffResult'], ParentType, ContextType, RequireFields<MutationRedeemSignOffArgs, 'input'>>;
  registerPushDevice?: Resolver<ResolversTypes['RegisterPushDeviceResult'], ParentType, ContextType, RequireFields<MutationRegisterPushDeviceArgs, 'input'>>;
  registerSigningKey?: Resolver<ResolversTypes['RegisterSigningKeyResult'], ParentType, ContextType, RequireFields<MutationRegisterSigningKeyArgs, 'input'>>;
  removePushDevice?: Resolver<ResolversTypes['RemovePushDeviceResult'], ParentType, ContextType, RequireFields<MutationRemovePushDeviceArgs, 'id'>>;
  reportSignOffOutcome?: Resolver<ResolversTypes['ReportSignOffOutcomeResult'], ParentType, ContextType, RequireFields<MutationReportSignOffOutcomeArgs, 'input'>>;
  requestSignOff?: Resolver<ResolversTypes['RequestSignOffResult'], ParentType, ContextType, RequireFields<MutationRequestSignOffArgs, 'input'>>;
  retireOperation?: Resolver<ResolversTypes['RetireOperationResult'], ParentType, ContextType, RequireFields<MutationRetireOperationArgs, 'op'>>;
  revokeAgent?: Resolver<ResolversTypes['RevokeAgentResult'], ParentType, ContextType, RequireFields<MutationRevokeAgentArgs, 'input'>>;
  revokeAuthority?: Resolver<ResolversTypes['RevokeAuthorityResult'], ParentType, ContextType, RequireFields<MutationRevokeAuthorityArgs, 'input'>>;
  revokeOwnerInvitation?: Resolver<ResolversTypes['RevokeOwnerInvitationResult'], ParentType, ContextType, RequireFields<MutationRevokeOwnerInvitationArgs, 'input'>>;
  revokeOwnerToken?: Resolver<ResolversTypes['RevokeOwnerTokenResult'], ParentType, ContextType, RequireFields<MutationRevokeOwnerTokenArgs, 'id'>>;
  revokeSignOffRule?: Resolver<ResolversTypes['RevokeSignOffRuleResult'], ParentType, ContextType, RequireFields<MutationRevokeSignOffRuleArgs, 'id' | 'reason'>>;
  revokeSigningKey?: Resolver<ResolversTypes['RevokeSigningKeyResult'], ParentType, ContextType, RequireFields<MutationRevokeSigningKeyArgs, 'input'>>;
  rotateAgentKey?: Resolver<ResolversTypes['RotateAgentKeyResult'], ParentType, ContextType, RequireFields<MutationRotateAgentKeyArgs, 'input'>>;
  rotateWebhookSecret?: Resolver<ResolversTypes['RotateWebhookSecretResult'], ParentType, ContextType, Partial<MutationRotateWebhookSecretArgs>>;
  sendTestWebhook?: Resolver<ResolversTypes['SendTestWebhookResult'], ParentType, ContextType, RequireFields<MutationSendTestWebhookArgs, 'id'>>;
  setApprovalsRequired?: Resolver<ResolversTypes['SetApprovalsRequiredResult'], ParentType, ContextType, RequireFields<MutationSetApprovalsRequiredArgs, 'input'>>;
  setEmailPreference?: Resolver<ResolversTypes['NotificationSettings'], ParentType, ContextType, RequireFields<MutationSetEmailPreferenceArgs, 'input'>>;
  setMoneyRiskThreshold?: Resolver<ResolversTypes['SetMoneyRiskThresholdResult'], ParentType, ContextType, RequireFields<MutationSetMoneyRiskThresholdArgs, 'input'>>;
  setupFirstOwner?: Resolver<ResolversTypes['SetupFirstOwnerResult'], ParentType, ContextType, RequireFields<MutationSetupFirstOwnerArgs, 'input'>>;
  signAuditHead?: Resolver<ResolversTypes['SignAuditHeadPayload'], ParentType, ContextType>;
  signIn?: Resolver<ResolversTypes['SignInResult'], ParentType, ContextType, RequireFields<MutationSignInArgs, 'input'>>;
  signOut?: Resolver<ResolversTypes['SignOutResult'], ParentType, ContextType>;
  takeOwnerInvitationLink?: Resolver<ResolversTypes['TakeOwnerInvitationLinkResult'], ParentType, ContextType, RequireFields<MutationTakeOwnerInvitationLinkArgs, 'signOffId'>>;
  takeSignOffSecret?: Resolver<ResolversTypes['TakeSignOffSecretResult'], ParentType, ContextType, RequireFields<MutationTakeSignOffSecretArgs, 'id'>>;
  withdrawSignOff?: Resolver<ResolversTypes['WithdrawSignOffResult'], ParentType, ContextType, RequireFields<MutationWithdrawSignOffArgs, 'id'>>;
};

export type NameTakenResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NameTaken'] = ResolversParentTypes['NameTaken']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NotBatchableResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NotBatchable'] = ResolversParentTypes['NotBatchable']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NotFoundResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NotFound'] = ResolversParentTypes['NotFound']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NotYetValidResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NotYetValid'] = ResolversParentTypes['NotYetValid']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NotificationSettingsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NotificationSettings'] = ResolversParentTypes['NotificationSettings']> = {
  email?: Resolver<Array<ResolversTypes['EmailPreference']>, ParentType, ContextType>;
  emailAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  emailAvailable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pushPublicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OperationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Operation'] = ResolversParentTypes['Operation']> = {
  definedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  effectTemplate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fieldOrder?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  inputSchema?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  irreversible?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  needsRepository?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  op?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  openCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  retired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  risk?: Resolver<ResolversTypes['Risk'], ParentType, ContextType>;
  runner?: Resolver<ResolversTypes['OperationRunner'], ParentType, ContextType>;
  secretFields?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  webhookUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OperationDefinedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OperationDefined'] = ResolversParentTypes['OperationDefined']> = {
  created?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['Operation'], ParentType, ContextType>;
  webhookSecret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OperationRetiredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OperationRetired'] = ResolversParentTypes['OperationRetired']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OperationRetirementResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OperationRetirement'] = ResolversParentTypes['OperationRetirement']> = {
  operation?: Resolver<ResolversTypes['Operation'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Owner'] = ResolversParentTypes['Owner']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  tenant?: Resolver<ResolversTypes['Tenant'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitation'] = ResolversParentTypes['OwnerInvitation']> = {
  acceptedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  acceptedBy?: Resolver<Maybe<ResolversTypes['Owner']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invitedBy?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  signOff?: Resolver<Maybe<ResolversTypes['SignOff']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['OwnerInvitationState'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationAcceptedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitationAccepted'] = ResolversParentTypes['OwnerInvitationAccepted']> = {
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationLinkResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitationLink'] = ResolversParentTypes['OwnerInvitationLink']> = {
  invitation?: Resolver<ResolversTypes['OwnerInvitation'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationPreviewResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitationPreview'] = ResolversParentTypes['OwnerInvitationPreview']> = {
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  tenant?: Resolver<ResolversTypes['Tenant'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationProposedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitationProposed'] = ResolversParentTypes['OwnerInvitationProposed']> = {
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitationRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvitationRevoked'] = ResolversParentTypes['OwnerInvitationRevoked']> = {
  invitation?: Resolver<ResolversTypes['OwnerInvitation'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerInvitedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerInvited'] = ResolversParentTypes['OwnerInvited']> = {
  invitation?: Resolver<ResolversTypes['OwnerInvitation'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerTokenResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerToken'] = ResolversParentTypes['OwnerToken']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['OwnerTokenScope'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerTokenConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerTokenConnection'] = ResolversParentTypes['OwnerTokenConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['OwnerToken']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerTokenCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerTokenCreated'] = ResolversParentTypes['OwnerTokenCreated']> = {
  ownerToken?: Resolver<ResolversTypes['OwnerToken'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerTokenRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OwnerTokenRevoked'] = ResolversParentTypes['OwnerTokenRevoked']> = {
  ownerToken?: Resolver<ResolversTypes['OwnerToken'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PerDrawCapExceededResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PerDrawCapExceeded'] = ResolversParentTypes['PerDrawCapExceeded']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PrincipalResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Principal'] = ResolversParentTypes['Principal']> = {
  __resolveType: TypeResolveFn<'Agent' | 'Owner', ParentType, ContextType>;
};

export type PublishManifestResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PublishManifestResult'] = ResolversParentTypes['PublishManifestResult']> = {
  __resolveType: TypeResolveFn<'BadAttestation' | 'LimitReached' | 'ManifestPublished' | 'ManifestVersionTaken', ParentType, ContextType>;
};

export type PushDeviceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PushDevice'] = ResolversParentTypes['PushDevice']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PushDeviceRegisteredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PushDeviceRegistered'] = ResolversParentTypes['PushDeviceRegistered']> = {
  device?: Resolver<ResolversTypes['PushDevice'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PushDeviceRemovedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PushDeviceRemoved'] = ResolversParentTypes['PushDeviceRemoved']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type QueryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  agents?: Resolver<ResolversTypes['AgentConnection'], ParentType, ContextType, RequireFields<QueryAgentsArgs, 'first'>>;
  approvalPolicies?: Resolver<Array<ResolversTypes['ApprovalPolicy']>, ParentType, ContextType>;
  auditHead?: Resolver<Maybe<ResolversTypes['SignedAuditHead']>, ParentType, ContextType>;
  auditKeys?: Resolver<Array<ResolversTypes['AuditKey']>, ParentType, ContextType>;
  auditLog?: Resolver<ResolversTypes['AuditLogPage'], ParentType, ContextType, RequireFields<QueryAuditLogArgs, 'first'>>;
  authorities?: Resolver<ResolversTypes['AuthorityConnection'], ParentType, ContextType, RequireFields<QueryAuthoritiesArgs, 'first'>>;
  authority?: Resolver<Maybe<ResolversTypes['Authority']>, ParentType, ContextType, RequireFields<QueryAuthorityArgs, 'id'>>;
  manifest?: Resolver<Maybe<ResolversTypes['Manifest']>, ParentType, ContextType, RequireFields<QueryManifestArgs, 'name' | 'verify' | 'version'>>;
  manifestNames?: Resolver<ResolversTypes['ManifestNameConnection'], ParentType, ContextType, RequireFields<QueryManifestNamesArgs, 'first'>>;
  manifestVersions?: Resolver<ResolversTypes['ManifestVersionConnection'], ParentType, ContextType, RequireFields<QueryManifestVersionsArgs, 'first' | 'name'>>;
  moneyRiskThresholds?: Resolver<Array<ResolversTypes['MoneyThreshold']>, ParentType, ContextType>;
  notificationSettings?: Resolver<ResolversTypes['NotificationSettings'], ParentType, ContextType>;
  operation?: Resolver<Maybe<ResolversTypes['Operation']>, ParentType, ContextType, RequireFields<QueryOperationArgs, 'op'>>;
  operations?: Resolver<Array<ResolversTypes['Operation']>, ParentType, ContextType, RequireFields<QueryOperationsArgs, 'includeRetired'>>;
  ownerInvitation?: Resolver<Maybe<ResolversTypes['OwnerInvitationPreview']>, ParentType, ContextType, RequireFields<QueryOwnerInvitationArgs, 'token'>>;
  ownerInvitations?: Resolver<Array<ResolversTypes['OwnerInvitation']>, ParentType, ContextType>;
  ownerTokens?: Resolver<ResolversTypes['OwnerTokenConnection'], ParentType, ContextType, RequireFields<QueryOwnerTokensArgs, 'first'>>;
  pendingSignOffCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pushDevices?: Resolver<Array<ResolversTypes['PushDevice']>, ParentType, ContextType>;
  repositories?: Resolver<ResolversTypes['RepositoryConnection'], ParentType, ContextType, RequireFields<QueryRepositoriesArgs, 'first'>>;
  secondOwnerJoin?: Resolver<Maybe<ResolversTypes['SecondOwnerJoin']>, ParentType, ContextType>;
  setupStatus?: Resolver<ResolversTypes['SetupStatus'], ParentType, ContextType>;
  signOff?: Resolver<Maybe<ResolversTypes['SignOff']>, ParentType, ContextType, RequireFields<QuerySignOffArgs, 'id'>>;
  signOffRule?: Resolver<Maybe<ResolversTypes['SignOffRule']>, ParentType, ContextType, RequireFields<QuerySignOffRuleArgs, 'id'>>;
  signOffRules?: Resolver<ResolversTypes['SignOffRuleConnection'], ParentType, ContextType, RequireFields<QuerySignOffRulesArgs, 'first'>>;
  signOffs?: Resolver<ResolversTypes['SignOffConnection'], ParentType, ContextType, RequireFields<QuerySignOffsArgs, 'first'>>;
  signingKeys?: Resolver<ResolversTypes['SigningKeyConnection'], ParentType, ContextType, RequireFields<QuerySigningKeysArgs, 'first'>>;
  tenantOwners?: Resolver<Array<ResolversTypes['Owner']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['Principal']>, ParentType, ContextType>;
  webhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType, RequireFields<QueryWebhookEndpointArgs, 'id'>>;
  webhookEndpoints?: Resolver<Array<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType>;
};

export type ReauthenticateResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReauthenticateResult'] = ResolversParentTypes['ReauthenticateResult']> = {
  __resolveType: TypeResolveFn<'InvalidCredentials' | 'Reauthenticated', ParentType, ContextType>;
};

export type ReauthenticatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Reauthenticated'] = ResolversParentTypes['Reauthenticated']> = {
  until?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReauthenticationRequiredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReauthenticationRequired'] = ResolversParentTypes['ReauthenticationRequired']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReceiptResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Receipt'] = ResolversParentTypes['Receipt']> = {
  dispatchKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  drawnAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  minorUnits?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
  ordinal?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Amounts'], ParentType, ContextType>;
  tokens?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReceiptConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReceiptConnection'] = ResolversParentTypes['ReceiptConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['Receipt']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RecentlyDeniedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RecentlyDenied'] = ResolversParentTypes['RecentlyDenied']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  coolDownMinutes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  deniedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deniedSignOffId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  retryAfter?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RedeemSignOffResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RedeemSignOffResult'] = ResolversParentTypes['RedeemSignOffResult']> = {
  __resolveType: TypeResolveFn<'AlreadyRedeemed' | 'GrantLapsed' | 'InputMismatch' | 'NotFound' | 'SignOffClosed' | 'SignOffRedeemed', ParentType, ContextType>;
};

export type RegisterPushDeviceResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RegisterPushDeviceResult'] = ResolversParentTypes['RegisterPushDeviceResult']> = {
  __resolveType: TypeResolveFn<'LimitReached' | 'PushDeviceRegistered', ParentType, ContextType>;
};

export type RegisterSigningKeyResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RegisterSigningKeyResult'] = ResolversParentTypes['RegisterSigningKeyResult']> = {
  __resolveType: TypeResolveFn<'SigningKeyRegistered', ParentType, ContextType>;
};

export type RemovePushDeviceResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RemovePushDeviceResult'] = ResolversParentTypes['RemovePushDeviceResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'PushDeviceRemoved', ParentType, ContextType>;
};

export type ReportSignOffOutcomeResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReportSignOffOutcomeResult'] = ResolversParentTypes['ReportSignOffOutcomeResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SignOffClosed' | 'SignOffOutcomeReported', ParentType, ContextType>;
};

export type RepositoryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Repository'] = ResolversParentTypes['Repository']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deletedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['RepositoryState'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RepositoryConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RepositoryConnection'] = ResolversParentTypes['RepositoryConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['Repository']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RepositoryCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RepositoryCreated'] = ResolversParentTypes['RepositoryCreated']> = {
  repository?: Resolver<ResolversTypes['Repository'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RequestSignOffResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RequestSignOffResult'] = ResolversParentTypes['RequestSignOffResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'OperationRetired' | 'RecentlyDenied' | 'SignOffRequested' | 'TooManyPending', ParentType, ContextType>;
};

export type ResetApprovalPolicyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ResetApprovalPolicy'] = ResolversParentTypes['ResetApprovalPolicy']> = {
  approvalsRequired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  op?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  setAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RetireOperationResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RetireOperationResult'] = ResolversParentTypes['RetireOperationResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'OperationRetirement', ParentType, ContextType>;
};

export type RevokeAgentResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeAgentResult'] = ResolversParentTypes['RevokeAgentResult']> = {
  __resolveType: TypeResolveFn<'AgentRevoked' | 'NotFound', ParentType, ContextType>;
};

export type RevokeAuthorityResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeAuthorityResult'] = ResolversParentTypes['RevokeAuthorityResult']> = {
  __resolveType: TypeResolveFn<'AuthorityRevoked' | 'NotFound', ParentType, ContextType>;
};

export type RevokeOwnerInvitationResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeOwnerInvitationResult'] = ResolversParentTypes['RevokeOwnerInvitationResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'OwnerInvitationRevoked', ParentType, ContextType>;
};

export type RevokeOwnerTokenResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeOwnerTokenResult'] = ResolversParentTypes['RevokeOwnerTokenResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'OwnerTokenRevoked', ParentType, ContextType>;
};

export type RevokeSignOffRuleResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeSignOffRuleResult'] = ResolversParentTypes['RevokeSignOffRuleResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SignOffRuleRevoked', ParentType, ContextType>;
};

export type RevokeSigningKeyResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeSigningKeyResult'] = ResolversParentTypes['RevokeSigningKeyResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SigningKeyRevoked', ParentType, ContextType>;
};

export type RevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Revoked'] = ResolversParentTypes['Revoked']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RotateAgentKeyResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RotateAgentKeyResult'] = ResolversParentTypes['RotateAgentKeyResult']> = {
  __resolveType: TypeResolveFn<'AgentKeyRotated' | 'NotFound', ParentType, ContextType>;
};

export type RotateWebhookSecretResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RotateWebhookSecretResult'] = ResolversParentTypes['RotateWebhookSecretResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'WebhookEndpointSecretRotated' | 'WebhookSecretRotated', ParentType, ContextType>;
};

export type RuleConstraintResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RuleConstraint'] = ResolversParentTypes['RuleConstraint']> = {
  atMost?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  equals?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['RuleConstraintKind'], ParentType, ContextType>;
  oneOf?: Resolver<Maybe<Array<ResolversTypes['JSON']>>, ParentType, ContextType>;
  prefix?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SecondApproverRequiredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SecondApproverRequired'] = ResolversParentTypes['SecondApproverRequired']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SecondOwnerJoinResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SecondOwnerJoin'] = ResolversParentTypes['SecondOwnerJoin']> = {
  joinedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  resetPolicies?: Resolver<Array<ResolversTypes['ResetApprovalPolicy']>, ParentType, ContextType>;
  revokedInvitations?: Resolver<Array<ResolversTypes['OwnerInvitation']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SecretUnavailableResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SecretUnavailable'] = ResolversParentTypes['SecretUnavailable']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SendTestWebhookResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SendTestWebhookResult'] = ResolversParentTypes['SendTestWebhookResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'TestWebhookSent', ParentType, ContextType>;
};

export type SetApprovalsRequiredResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetApprovalsRequiredResult'] = ResolversParentTypes['SetApprovalsRequiredResult']> = {
  __resolveType: TypeResolveFn<'ApprovalPolicyChangeProposed' | 'ApprovalPolicySet' | 'ReauthenticationRequired', ParentType, ContextType>;
};

export type SetMoneyRiskThresholdResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetMoneyRiskThresholdResult'] = ResolversParentTypes['SetMoneyRiskThresholdResult']> = {
  __resolveType: TypeResolveFn<'MoneyRiskThresholdSet' | 'ReauthenticationRequired', ParentType, ContextType>;
};

export type SetupClosedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetupClosed'] = ResolversParentTypes['SetupClosed']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SetupCompletedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetupCompleted'] = ResolversParentTypes['SetupCompleted']> = {
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SetupFirstOwnerResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetupFirstOwnerResult'] = ResolversParentTypes['SetupFirstOwnerResult']> = {
  __resolveType: TypeResolveFn<'SetupClosed' | 'SetupCompleted', ParentType, ContextType>;
};

export type SetupStatusResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetupStatus'] = ResolversParentTypes['SetupStatus']> = {
  needed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignAuditHeadPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignAuditHeadPayload'] = ResolversParentTypes['SignAuditHeadPayload']> = {
  head?: Resolver<Maybe<ResolversTypes['SignedAuditHead']>, ParentType, ContextType>;
  signedNow?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignInResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignInResult'] = ResolversParentTypes['SignInResult']> = {
  __resolveType: TypeResolveFn<'InvalidCredentials' | 'SignedIn', ParentType, ContextType>;
};

export type SignOffResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOff'] = ResolversParentTypes['SignOff']> = {
  agent?: Resolver<Maybe<ResolversTypes['Agent']>, ParentType, ContextType>;
  approvals?: Resolver<Array<ResolversTypes['SignOffApproval']>, ParentType, ContextType>;
  approvalsRequired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  approvedByRule?: Resolver<Maybe<ResolversTypes['SignOffRule']>, ParentType, ContextType>;
  changedByOwner?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  deliveryAttempts?: Resolver<Array<ResolversTypes['DeliveryAttempt']>, ParentType, ContextType>;
  deniedBy?: Resolver<Maybe<ResolversTypes['Owner']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  failure?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  input?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  inputCanonical?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  inputHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  irreversible?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  op?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  opVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['Operation'], ParentType, ContextType>;
  proposedBy?: Resolver<Maybe<ResolversTypes['Owner']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  redeemBy?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  redeemedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  repository?: Resolver<Maybe<ResolversTypes['Repository']>, ParentType, ContextType>;
  requestedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  requestedInput?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  requestedInputHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  result?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  risk?: Resolver<ResolversTypes['Risk'], ParentType, ContextType>;
  riskReasons?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  secretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  secretState?: Resolver<ResolversTypes['SignOffSecretState'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['SignOffState'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffApprovalResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffApproval'] = ResolversParentTypes['SignOffApproval']> = {
  approvedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffClosedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffClosed'] = ResolversParentTypes['SignOffClosed']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffConnection'] = ResolversParentTypes['SignOffConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['SignOff']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffDecidedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffDecided'] = ResolversParentTypes['SignOffDecided']> = {
  rule?: Resolver<Maybe<ResolversTypes['SignOffRule']>, ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffEvent'] = ResolversParentTypes['SignOffEvent']> = {
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffOutcomeReportedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffOutcomeReported'] = ResolversParentTypes['SignOffOutcomeReported']> = {
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRedeemedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRedeemed'] = ResolversParentTypes['SignOffRedeemed']> = {
  approval?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRequestedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRequested'] = ResolversParentTypes['SignOffRequested']> = {
  existing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRuleResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRule'] = ResolversParentTypes['SignOffRule']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  approvedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  constraints?: Resolver<Array<ResolversTypes['RuleConstraint']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  endsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fields?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  maxApprovals?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  op?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  opVersion?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  repository?: Resolver<Maybe<ResolversTypes['Repository']>, ParentType, ContextType>;
  revokeReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['SignOffRuleState'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRuleConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRuleConnection'] = ResolversParentTypes['SignOffRuleConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['SignOffRule']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRuleCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRuleCreated'] = ResolversParentTypes['SignOffRuleCreated']> = {
  rule?: Resolver<ResolversTypes['SignOffRule'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffRuleRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffRuleRevoked'] = ResolversParentTypes['SignOffRuleRevoked']> = {
  rule?: Resolver<ResolversTypes['SignOffRule'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffSecretResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffSecret'] = ResolversParentTypes['SignOffSecret']> = {
  secret?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOffWithdrawnResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOffWithdrawn'] = ResolversParentTypes['SignOffWithdrawn']> = {
  signOff?: Resolver<ResolversTypes['SignOff'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignOutResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOutResult'] = ResolversParentTypes['SignOutResult']> = {
  __resolveType: TypeResolveFn<'SignedOut', ParentType, ContextType>;
};

export type SignedAuditHeadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignedAuditHead'] = ResolversParentTypes['SignedAuditHead']> = {
  hash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  signature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  tenantId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignedInResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignedIn'] = ResolversParentTypes['SignedIn']> = {
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignedOutResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignedOut'] = ResolversParentTypes['SignedOut']> = {
  signedOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SigningKeyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SigningKey'] = ResolversParentTypes['SigningKey']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  keyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SigningKeyConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SigningKeyConnection'] = ResolversParentTypes['SigningKeyConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['SigningKey']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SigningKeyRegisteredResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SigningKeyRegistered'] = ResolversParentTypes['SigningKeyRegistered']> = {
  existing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['SigningKey'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SigningKeyRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SigningKeyRevoked'] = ResolversParentTypes['SigningKeyRevoked']> = {
  key?: Resolver<ResolversTypes['SigningKey'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  agentEvents?: SubscriptionResolver<ResolversTypes['AgentEvent'], "agentEvents", ParentType, ContextType>;
  authorityEvents?: SubscriptionResolver<ResolversTypes['AuthorityEvent'], "authorityEvents", ParentType, ContextType>;
  signOffEvents?: SubscriptionResolver<ResolversTypes['SignOffEvent'], "signOffEvents", ParentType, ContextType, Partial<SubscriptionSignOffEventsArgs>>;
};

export type TakeOwnerInvitationLinkResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TakeOwnerInvitationLinkResult'] = ResolversParentTypes['TakeOwnerInvitationLinkResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'OwnerInvitationLink' | 'SecretUnavailable', ParentType, ContextType>;
};

export type TakeSignOffSecretResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TakeSignOffSecretResult'] = ResolversParentTypes['TakeSignOffSecretResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SecretUnavailable' | 'SignOffSecret', ParentType, ContextType>;
};

export type TenantResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Tenant'] = ResolversParentTypes['Tenant']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type TermsConflictResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TermsConflict'] = ResolversParentTypes['TermsConflict']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type TestWebhookSentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TestWebhookSent'] = ResolversParentTypes['TestWebhookSent']> = {
  delivery?: Resolver<ResolversTypes['WebhookDelivery'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type TooManyPendingResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TooManyPending'] = ResolversParentTypes['TooManyPending']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookDeliveryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = {
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  latencyMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  responseSnippet?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['WebhookDeliveryState'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookEndpointResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookEndpoint'] = ResolversParentTypes['WebhookEndpoint']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveries?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType, RequireFields<WebhookEndpointDeliveriesArgs, 'first'>>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disabledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['NotificationEvent']>, ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['WebhookFormat'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookEndpointChangedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookEndpointChanged'] = ResolversParentTypes['WebhookEndpointChanged']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookEndpointCreatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookEndpointCreated'] = ResolversParentTypes['WebhookEndpointCreated']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookEndpointDeletedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookEndpointDeleted'] = ResolversParentTypes['WebhookEndpointDeleted']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookEndpointSecretRotatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookEndpointSecretRotated'] = ResolversParentTypes['WebhookEndpointSecretRotated']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookSecretRotatedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookSecretRotated'] = ResolversParentTypes['WebhookSecretRotated']> = {
  operation?: Resolver<ResolversTypes['Operation'], ParentType, ContextType>;
  webhookSecret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WithdrawSignOffResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WithdrawSignOffResult'] = ResolversParentTypes['WithdrawSignOffResult']> = {
  __resolveType: TypeResolveFn<'NotFound' | 'SignOffClosed' | 'SignOffWithdrawn', ParentType, ContextType>;
};

export type Resolvers<ContextType = Context> = {
  AcceptOwnerInvitationResult?: AcceptOwnerInvitationResultResolvers<ContextType>;
  Agent?: AgentResolvers<ContextType>;
  AgentConnection?: AgentConnectionResolvers<ContextType>;
  AgentCreated?: AgentCreatedResolvers<ContextType>;
  AgentEvent?: AgentEventResolvers<ContextType>;
  AgentKeyRotated?: AgentKeyRotatedResolvers<ContextType>;
  AgentOAuthClientCreated?: AgentOAuthClientCreatedResolvers<ContextType>;
  AgentRevoked?: AgentRevokedResolvers<ContextType>;
  AlreadyRedeemed?: AlreadyRedeemedResolvers<ContextType>;
  Amount?: GraphQLScalarType;
  Amounts?: AmountsResolvers<ContextType>;
  ApprovalPolicy?: ApprovalPolicyResolvers<ContextType>;
  ApprovalPolicyChangeProposed?: ApprovalPolicyChangeProposedResolvers<ContextType>;
  ApprovalPolicySet?: ApprovalPolicySetResolvers<ContextType>;
  AuditEntry?: AuditEntryResolvers<ContextType>;
  AuditKey?: AuditKeyResolvers<ContextType>;
  AuditLogPage?: AuditLogPageResolvers<ContextType>;
  Authority?: AuthorityResolvers<ContextType>;
  AuthorityConnection?: AuthorityConnectionResolvers<ContextType>;
  AuthorityEvent?: AuthorityEventResolvers<ContextType>;
  AuthorityIssued?: AuthorityIssuedResolvers<ContextType>;
  AuthorityRevoked?: AuthorityRevokedResolvers<ContextType>;
  BadAttestation?: BadAttestationResolvers<ContextType>;
  ChangeWebhookEndpointResult?: ChangeWebhookEndpointResultResolvers<ContextType>;
  CreateAgentOAuthClientResult?: CreateAgentOAuthClientResultResolvers<ContextType>;
  CreateAgentResult?: CreateAgentResultResolvers<ContextType>;
  CreateOwnerTokenResult?: CreateOwnerTokenResultResolvers<ContextType>;
  CreateRepositoryResult?: CreateRepositoryResultResolvers<ContextType>;
  CreateSignOffRuleResult?: CreateSignOffRuleResultResolvers<ContextType>;
  CreateWebhookEndpointResult?: CreateWebhookEndpointResultResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DecideSignOffResult?: DecideSignOffResultResolvers<ContextType>;
  DefineOperationResult?: DefineOperationResultResolvers<ContextType>;
  DeleteWebhookEndpointResult?: DeleteWebhookEndpointResultResolvers<ContextType>;
  DeliveryAttempt?: DeliveryAttemptResolvers<ContextType>;
  DispatchKeyReused?: DispatchKeyReusedResolvers<ContextType>;
  DomainError?: DomainErrorResolvers<ContextType>;
  DrawAuthorityResult?: DrawAuthorityResultResolvers<ContextType>;
  Drawn?: DrawnResolvers<ContextType>;
  EmailPreference?: EmailPreferenceResolvers<ContextType>;
  Exhausted?: ExhaustedResolvers<ContextType>;
  Expired?: ExpiredResolvers<ContextType>;
  GrantLapsed?: GrantLapsedResolvers<ContextType>;
  InputMismatch?: InputMismatchResolvers<ContextType>;
  InvalidCredentials?: InvalidCredentialsResolvers<ContextType>;
  InvitationInvalid?: InvitationInvalidResolvers<ContextType>;
  InviteOwnerResult?: InviteOwnerResultResolvers<ContextType>;
  IssueAuthorityResult?: IssueAuthorityResultResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  LimitReached?: LimitReachedResolvers<ContextType>;
  Manifest?: ManifestResolvers<ContextType>;
  ManifestAttestation?: ManifestAttestationResolvers<ContextType>;
  ManifestNameConnection?: ManifestNameConnectionResolvers<ContextType>;
  ManifestPublished?: ManifestPublishedResolvers<ContextType>;
  ManifestVersion?: ManifestVersionResolvers<ContextType>;
  ManifestVersionConnection?: ManifestVersionConnectionResolvers<ContextType>;
  ManifestVersionTaken?: ManifestVersionTakenResolvers<ContextType>;
  MoneyRiskThresholdSet?: MoneyRiskThresholdSetResolvers<ContextType>;
  MoneyThreshold?: MoneyThresholdResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NameTaken?: NameTakenResolvers<ContextType>;
  NotBatchable?: NotBatchableResolvers<ContextType>;
  NotFound?: NotFoundResolvers<ContextType>;
  NotYetValid?: NotYetValidResolvers<ContextType>;
  NotificationSettings?: NotificationSettingsResolvers<ContextType>;
  Operation?: OperationResolvers<ContextType>;
  OperationDefined?: OperationDefinedResolvers<ContextType>;
  OperationRetired?: OperationRetiredResolvers<ContextType>;
  OperationRetirement?: OperationRetirementResolvers<ContextType>;
  Owner?: OwnerResolvers<ContextType>;
  OwnerInvitation?: OwnerInvitationResolvers<ContextType>;
  OwnerInvitationAccepted?: OwnerInvitationAcceptedResolvers<ContextType>;
  OwnerInvitationLink?: OwnerInvitationLinkResolvers<ContextType>;
  OwnerInvitationPreview?: OwnerInvitationPreviewResolvers<ContextType>;
  OwnerInvitationProposed?: OwnerInvitationProposedResolvers<ContextType>;
  OwnerInvitationRevoked?: OwnerInvitationRevokedResolvers<ContextType>;
  OwnerInvited?: OwnerInvitedResolvers<ContextType>;
  OwnerToken?: OwnerTokenResolvers<ContextType>;
  OwnerTokenConnection?: OwnerTokenConnectionResolvers<ContextType>;
  OwnerTokenCreated?: OwnerTokenCreatedResolvers<ContextType>;
  OwnerTokenRevoked?: OwnerTokenRevokedResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PerDrawCapExceeded?: PerDrawCapExceededResolvers<ContextType>;
  Principal?: PrincipalResolvers<ContextType>;
  PublishManifestResult?: PublishManifestResultResolvers<ContextType>;
  PushDevice?: PushDeviceResolvers<ContextType>;
  PushDeviceRegistered?: PushDeviceRegisteredResolvers<ContextType>;
  PushDeviceRemoved?: PushDeviceRemovedResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ReauthenticateResult?: ReauthenticateResultResolvers<ContextType>;
  Reauthenticated?: ReauthenticatedResolvers<ContextType>;
  ReauthenticationRequired?: ReauthenticationRequiredResolvers<ContextType>;
  Receipt?: ReceiptResolvers<ContextType>;
  ReceiptConnection?: ReceiptConnectionResolvers<ContextType>;
  RecentlyDenied?: RecentlyDeniedResolvers<ContextType>;
  RedeemSignOffResult?: RedeemSignOffResultResolvers<ContextType>;
  RegisterPushDeviceResult?: RegisterPushDeviceResultResolvers<ContextType>;
  RegisterSigningKeyResult?: RegisterSigningKeyResultResolvers<ContextType>;
  RemovePushDeviceResult?: RemovePushDeviceResultResolvers<ContextType>;
  ReportSignOffOutcomeResult?: ReportSignOffOutcomeResultResolvers<ContextType>;
  Repository?: RepositoryResolvers<ContextType>;
  RepositoryConnection?: RepositoryConnectionResolvers<ContextType>;
  RepositoryCreated?: RepositoryCreatedResolvers<ContextType>;
  RequestSignOffResult?: RequestSignOffResultResolvers<ContextType>;
  ResetApprovalPolicy?: ResetApprovalPolicyResolvers<ContextType>;
  RetireOperationResult?: RetireOperationResultResolvers<ContextType>;
  RevokeAgentResult?: RevokeAgentResultResolvers<ContextType>;
  RevokeAuthorityResult?: RevokeAuthorityResultResolvers<ContextType>;
  RevokeOwnerInvitationResult?: RevokeOwnerInvitationResultResolvers<ContextType>;
  RevokeOwnerTokenResult?: RevokeOwnerTokenResultResolvers<ContextType>;
  RevokeSignOffRuleResult?: RevokeSignOffRuleResultResolvers<ContextType>;
  RevokeSigningKeyResult?: RevokeSigningKeyResultResolvers<ContextType>;
  Revoked?: RevokedResolvers<ContextType>;
  RotateAgentKeyResult?: RotateAgentKeyResultResolvers<ContextType>;
  RotateWebhookSecretResult?: RotateWebhookSecretResultResolvers<ContextType>;
  RuleConstraint?: RuleConstraintResolvers<ContextType>;
  SecondApproverRequired?: SecondApproverRequiredResolvers<ContextType>;
  SecondOwnerJoin?: SecondOwnerJoinResolvers<ContextType>;
  SecretUnavailable?: SecretUnavailableResolvers<ContextType>;
  SendTestWebhookResult?: SendTestWebhookResultResolvers<ContextType>;
  SetApprovalsRequiredResult?: SetApprovalsRequiredResultResolvers<ContextType>;
  SetMoneyRiskThresholdResult?: SetMoneyRiskThresholdResultResolvers<ContextType>;
  SetupClosed?: SetupClosedResolvers<ContextType>;
  SetupCompleted?: SetupCompletedResolvers<ContextType>;
  SetupFirstOwnerResult?: SetupFirstOwnerResultResolvers<ContextType>;
  SetupStatus?: SetupStatusResolvers<ContextType>;
  SignAuditHeadPayload?: SignAuditHeadPayloadResolvers<ContextType>;
  SignInResult?: SignInResultResolvers<ContextType>;
  SignOff?: SignOffResolvers<ContextType>;
  SignOffApproval?: SignOffApprovalResolvers<ContextType>;
  SignOffClosed?: SignOffClosedResolvers<ContextType>;
  SignOffConnection?: SignOffConnectionResolvers<ContextType>;
  SignOffDecided?: SignOffDecidedResolvers<ContextType>;
  SignOffEvent?: SignOffEventResolvers<ContextType>;
  SignOffOutcomeReported?: SignOffOutcomeReportedResolvers<ContextType>;
  SignOffRedeemed?: SignOffRedeemedResolvers<ContextType>;
  SignOffRequested?: SignOffRequestedResolvers<ContextType>;
  SignOffRule?: SignOffRuleResolvers<ContextType>;
  SignOffRuleConnection?: SignOffRuleConnectionResolvers<ContextType>;
  SignOffRuleCreated?: SignOffRuleCreatedResolvers<ContextType>;
  SignOffRuleRevoked?: SignOffRuleRevokedResolvers<ContextType>;
  SignOffSecret?: SignOffSecretResolvers<ContextType>;
  SignOffWithdrawn?: SignOffWithdrawnResolvers<ContextType>;
  SignOutResult?: SignOutResultResolvers<ContextType>;
  SignedAuditHead?: SignedAuditHeadResolvers<ContextType>;
  SignedIn?: SignedInResolvers<ContextType>;
  SignedOut?: SignedOutResolvers<ContextType>;
  SigningKey?: SigningKeyResolvers<ContextType>;
  SigningKeyConnection?: SigningKeyConnectionResolvers<ContextType>;
  SigningKeyRegistered?: SigningKeyRegisteredResolvers<ContextType>;
  SigningKeyRevoked?: SigningKeyRevokedResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TakeOwnerInvitationLinkResult?: TakeOwnerInvitationLinkResultResolvers<ContextType>;
  TakeSignOffSecretResult?: TakeSignOffSecretResultResolvers<ContextType>;
  Tenant?: TenantResolvers<ContextType>;
  TermsConflict?: TermsConflictResolvers<ContextType>;
  TestWebhookSent?: TestWebhookSentResolvers<ContextType>;
  TooManyPending?: TooManyPendingResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookEndpoint?: WebhookEndpointResolvers<ContextType>;
  WebhookEndpointChanged?: WebhookEndpointChangedResolvers<ContextType>;
  WebhookEndpointCreated?: WebhookEndpointCreatedResolvers<ContextType>;
  WebhookEndpointDeleted?: WebhookEndpointDeletedResolvers<ContextType>;
  WebhookEndpointSecretRotated?: WebhookEndpointSecretRotatedResolvers<ContextType>;
  WebhookSecretRotated?: WebhookSecretRotatedResolvers<ContextType>;
  WithdrawSignOffResult?: WithdrawSignOffResultResolvers<ContextType>;
};

