/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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
  Amount: { input: number; output: number; }
  /** An instant, as an ISO 8601 string in UTC. */
  DateTime: { input: string; output: string; }
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
  __typename: 'Agent';
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
  __typename: 'AgentConnection';
  nodes: Array<Agent>;
  pageInfo: PageInfo;
};

export type AgentCreated = {
  __typename: 'AgentCreated';
  agent: Agent;
  /** The agent's bearer key. Shown this once: only its hash is kept. */
  key: Scalars['String']['output'];
};

export type AgentEvent = {
  __typename: 'AgentEvent';
  agent: Agent;
  kind: AgentEventKind;
};

export type AgentEventKind =
  | 'CREATED'
  /** The agent's key was replaced; the old one no longer works. */
  | 'KEY_ROTATED'
  | 'REVOKED';

export type AgentKeyRotated = {
  __typename: 'AgentKeyRotated';
  agent: Agent;
  /** The agent's new bearer key, shown this once; the old key stopped working. */
  key: Scalars['String']['output'];
};

export type AgentOAuthClientCreated = {
  __typename: 'AgentOAuthClientCreated';
  agent: Agent;
  /** The client's id, for OpenID CIBA's backchannel and token endpoints (docs/oauth.md, OA7). */
  clientId: Scalars['String']['output'];
  /** Its secret (HTTP Basic), shown this once; only its SHA-256 is kept. */
  clientSecret: Scalars['String']['output'];
};

export type AgentRevoked = {
  __typename: 'AgentRevoked';
  agent: Agent;
};

export type AlreadyRedeemed = DomainError & {
  __typename: 'AlreadyRedeemed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/** Amounts in the dimensions an authority can cap. */
export type Amounts = {
  __typename: 'Amounts';
  draws?: Maybe<Scalars['Amount']['output']>;
  minorUnits?: Maybe<Scalars['Amount']['output']>;
  tokens?: Maybe<Scalars['Amount']['output']>;
};

/** How many approvals an operation's requests need (docs/sign-offs.md, S20). */
export type ApprovalPolicy = {
  __typename: 'ApprovalPolicy';
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
  __typename: 'ApprovalPolicyChangeProposed';
  /** True when the same change was waiting already: it is returned instead of a second request. */
  existing: Scalars['Boolean']['output'];
  signOff: SignOff;
};

/** The setting after the change; requests asked from now on need this many approvals. */
export type ApprovalPolicySet = {
  __typename: 'ApprovalPolicySet';
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
  __typename: 'AuditEntry';
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
  __typename: 'AuditKey';
  createdAt: Scalars['DateTime']['output'];
  kid: Scalars['String']['output'];
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: Scalars['String']['output'];
  /** Null for the key signing now. */
  retiredAt?: Maybe<Scalars['DateTime']['output']>;
};

export type AuditLogPage = {
  __typename: 'AuditLogPage';
  /** Oldest first. */
  nodes: Array<AuditEntry>;
  pageInfo: PageInfo;
};

/**
 * A ceiling an owner grants one of their agents to spend against. Its terms
 * never change: a change is a new authority, and both stay on record.
 */
export type Authority = {
  __typename: 'Authority';
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
  __typename: 'AuthorityConnection';
  nodes: Array<Authority>;
  pageInfo: PageInfo;
};

export type AuthorityEvent = {
  __typename: 'AuthorityEvent';
  authority: Authority;
};

export type AuthorityIssued = {
  __typename: 'AuthorityIssued';
  authority: Authority;
  /** True when identical terms were already issued under this id. */
  existing: Scalars['Boolean']['output'];
};

export type AuthorityRevoked = {
  __typename: 'AuthorityRevoked';
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
  __typename: 'BadAttestation';
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
  __typename: 'DeliveryAttempt';
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
  __typename: 'DispatchKeyReused';
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
  __typename: 'Drawn';
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
  __typename: 'EmailPreference';
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
  __typename: 'Exhausted';
  code: ErrorCode;
  message: Scalars['String']['output'];
  remaining: Amounts;
};

export type Expired = DomainError & {
  __typename: 'Expired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type GrantLapsed = DomainError & {
  __typename: 'GrantLapsed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

export type InputMismatch = DomainError & {
  __typename: 'InputMismatch';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type InvalidCredentials = DomainError & {
  __typename: 'InvalidCredentials';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/**
 * The invitation link was used already, has expired, was revoked, or is not one.
 * Nothing was created.
 */
export type InvitationInvalid = DomainError & {
  __typename: 'InvitationInvalid';
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
  __typename: 'LimitReached';
  code: ErrorCode;
  limit: LimitName;
  /** The cap: how many may be live at once. */
  max: Scalars['Int']['output'];
  message: Scalars['String']['output'];
};

/** One immutable name@version of an agent manifest. */
export type Manifest = {
  __typename: 'Manifest';
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
  __typename: 'ManifestAttestation';
  keyId: Scalars['ID']['output'];
  /** Base64 Ed25519 signature over "countersign-manifest-v1\n" followed by the digest in hex. */
  signature: Scalars['String']['output'];
};

export type ManifestFormat =
  | 'JSON'
  | 'YAML';

export type ManifestNameConnection = {
  __typename: 'ManifestNameConnection';
  nodes: Array<Scalars['String']['output']>;
  pageInfo: PageInfo;
};

export type ManifestPublished = {
  __typename: 'ManifestPublished';
  manifest: Manifest;
  verdict: PublishVerdict;
};

export type ManifestVersion = {
  __typename: 'ManifestVersion';
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
  __typename: 'ManifestVersionConnection';
  nodes: Array<ManifestVersion>;
  pageInfo: PageInfo;
};

export type ManifestVersionTaken = DomainError & {
  __typename: 'ManifestVersionTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The digest stored under this name@version. */
  storedDigest: Scalars['String']['output'];
};

/** The owner's thresholds after the change. */
export type MoneyRiskThresholdSet = {
  __typename: 'MoneyRiskThresholdSet';
  thresholds: Array<MoneyThreshold>;
};

/**
 * An owner's money threshold for one currency: an agent's request whose input
 * carries a money object (`{minorUnits, currency}`, anywhere in it) above it is
 * HIGH risk when it is stored (docs/sign-offs.md, S15).
 */
export type MoneyThreshold = {
  __typename: 'MoneyThreshold';
  /** ISO 4217 code, e.g. EUR. */
  currency: Scalars['String']['output'];
  /** In the currency's minor units (cents for EUR; yen for JPY). An amount above it raises; one equal to it does not. */
  minorUnits: Scalars['Amount']['output'];
};

export type Mutation = {
  __typename: 'Mutation';
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
  __typename: 'NameTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** A batch may approve only LOW-risk requests: this one was left pending (decide it on its own). */
export type NotBatchable = DomainError & {
  __typename: 'NotBatchable';
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/**
 * The id does not name anything this principal may see (including another
 * tenant's ids, which never read as forbidden).
 */
export type NotFound = DomainError & {
  __typename: 'NotFound';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type NotYetValid = DomainError & {
  __typename: 'NotYetValid';
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
  __typename: 'NotificationSettings';
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
  __typename: 'Operation';
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
  __typename: 'OperationDefined';
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
  __typename: 'OperationRetired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type OperationRetirement = {
  __typename: 'OperationRetirement';
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
  __typename: 'Owner';
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
  __typename: 'OwnerInvitation';
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
  __typename: 'OwnerInvitationAccepted';
  owner: Owner;
};

/** The link of an invitation a second owner approved: for the proposer, once. */
export type OwnerInvitationLink = {
  __typename: 'OwnerInvitationLink';
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/** What an invitation link's holder may see before accepting it. */
export type OwnerInvitationPreview = {
  __typename: 'OwnerInvitationPreview';
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
  __typename: 'OwnerInvitationProposed';
  signOff: SignOff;
};

export type OwnerInvitationRevoked = {
  __typename: 'OwnerInvitationRevoked';
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
  __typename: 'OwnerInvited';
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/**
 * A bearer token a script uses to act for its owner without a browser
 * ("Authorization: Bearer cso_…"). Only its hash is kept.
 */
export type OwnerToken = {
  __typename: 'OwnerToken';
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
  __typename: 'OwnerTokenConnection';
  nodes: Array<OwnerToken>;
  pageInfo: PageInfo;
};

export type OwnerTokenCreated = {
  __typename: 'OwnerTokenCreated';
  ownerToken: OwnerToken;
  /** The bearer token. Shown this once: only its hash is kept. */
  token: Scalars['String']['output'];
};

export type OwnerTokenRevoked = {
  __typename: 'OwnerTokenRevoked';
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
  __typename: 'PageInfo';
  /** Pass as `after` to read the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type PerDrawCapExceeded = DomainError & {
  __typename: 'PerDrawCapExceeded';
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
  __typename: 'PushDevice';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** When a notification last reached its push service. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

export type PushDeviceRegistered = {
  __typename: 'PushDeviceRegistered';
  device: PushDevice;
};

export type PushDeviceRemoved = {
  __typename: 'PushDeviceRemoved';
  id: Scalars['ID']['output'];
};

export type PushKeysInput = {
  auth: Scalars['String']['input'];
  p256dh: Scalars['String']['input'];
};

export type Query = {
  __typename: 'Query';
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
  __typename: 'Reauthenticated';
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
  __typename: 'ReauthenticationRequired';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One landed draw. */
export type Receipt = {
  __typename: 'Receipt';
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
  __typename: 'ReceiptConnection';
  nodes: Array<Receipt>;
  pageInfo: PageInfo;
};

/**
 * The owner denied this same request (same operation, repository and input)
 * less than `coolDownMinutes` ago: asking again is refused until `retryAfter`,
 * so an agent looping on a denial stops paging its owner. Nothing is stored.
 */
export type RecentlyDenied = DomainError & {
  __typename: 'RecentlyDenied';
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
  __typename: 'Repository';
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
  __typename: 'RepositoryConnection';
  nodes: Array<Repository>;
  pageInfo: PageInfo;
};

export type RepositoryCreated = {
  __typename: 'RepositoryCreated';
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
  __typename: 'ResetApprovalPolicy';
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
  __typename: 'Revoked';
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
  __typename: 'RuleConstraint';
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
  __typename: 'SecondApproverRequired';
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
  __typename: 'SecondOwnerJoin';
  joinedAt: Scalars['DateTime']['output'];
  /** The owner who joined second. */
  owner: Owner;
  resetPolicies: Array<ResetApprovalPolicy>;
  revokedInvitations: Array<OwnerInvitation>;
};

export type SecretUnavailable = DomainError & {
  __typename: 'SecretUnavailable';
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
  __typename: 'SetupClosed';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type SetupCompleted = {
  __typename: 'SetupCompleted';
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
  __typename: 'SetupStatus';
  /** True until the first owner exists; the console then offers its setup page. */
  needed: Scalars['Boolean']['output'];
};

export type SignAuditHeadPayload = {
  __typename: 'SignAuditHeadPayload';
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
  __typename: 'SignOff';
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
  __typename: 'SignOffApproval';
  approvedAt: Scalars['DateTime']['output'];
  /** The note the owner gave with this approval. */
  note?: Maybe<Scalars['String']['output']>;
  owner: Owner;
};

export type SignOffClosed = DomainError & {
  __typename: 'SignOffClosed';
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The request as it stands (decided, withdrawn or expired). */
  signOff: SignOff;
};

export type SignOffConnection = {
  __typename: 'SignOffConnection';
  nodes: Array<SignOff>;
  pageInfo: PageInfo;
};

export type SignOffDecided = {
  __typename: 'SignOffDecided';
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
  __typename: 'SignOffEvent';
  signOff: SignOff;
};

export type SignOffOutcomeReported = {
  __typename: 'SignOffOutcomeReported';
  signOff: SignOff;
};

export type SignOffRedeemed = {
  __typename: 'SignOffRedeemed';
  /**
   * A compact JWS (EdDSA) any service can verify offline against
   * `/.well-known/jwks.json`: iss, sub (the request id), op, opVersion,
   * inputHash, agent, approvedBy, tenant, iat, exp (15 minutes), jti.
   */
  approval: Scalars['String']['output'];
  signOff: SignOff;
};

export type SignOffRequested = {
  __typename: 'SignOffRequested';
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
  __typename: 'SignOffRule';
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
  __typename: 'SignOffRuleConnection';
  nodes: Array<SignOffRule>;
  pageInfo: PageInfo;
};

export type SignOffRuleCreated = {
  __typename: 'SignOffRuleCreated';
  rule: SignOffRule;
};

export type SignOffRuleRevoked = {
  __typename: 'SignOffRuleRevoked';
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
  __typename: 'SignOffSecret';
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
  __typename: 'SignOffWithdrawn';
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
  __typename: 'SignedAuditHead';
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
  __typename: 'SignedIn';
  owner: Owner;
};

export type SignedOut = {
  __typename: 'SignedOut';
  signedOut: Scalars['Boolean']['output'];
};

/** An Ed25519 public key an owner registered to attest manifests. */
export type SigningKey = {
  __typename: 'SigningKey';
  createdAt: Scalars['DateTime']['output'];
  /** Hex SHA-256 of the raw public key: derived, never chosen. */
  keyId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The raw 32-byte key, base64. */
  publicKey: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type SigningKeyConnection = {
  __typename: 'SigningKeyConnection';
  nodes: Array<SigningKey>;
  pageInfo: PageInfo;
};

export type SigningKeyRegistered = {
  __typename: 'SigningKeyRegistered';
  /** True when this key was registered already. */
  existing: Scalars['Boolean']['output'];
  key: SigningKey;
};

export type SigningKeyRevoked = {
  __typename: 'SigningKeyRevoked';
  key: SigningKey;
};

export type Subscription = {
  __typename: 'Subscription';
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
  __typename: 'Tenant';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

export type TermsConflict = DomainError & {
  __typename: 'TermsConflict';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type TestWebhookSent = {
  __typename: 'TestWebhookSent';
  delivery: WebhookDelivery;
};

export type TooManyPending = DomainError & {
  __typename: 'TooManyPending';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One notification sent (or being sent) to an endpoint, with its latest attempt. */
export type WebhookDelivery = {
  __typename: 'WebhookDelivery';
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
  __typename: 'WebhookEndpoint';
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
  __typename: 'WebhookEndpointChanged';
  endpoint: WebhookEndpoint;
};

export type WebhookEndpointCreated = {
  __typename: 'WebhookEndpointCreated';
  endpoint: WebhookEndpoint;
  /** The signing secret (`whsec_…`), shown this once. */
  secret: Scalars['String']['output'];
};

export type WebhookEndpointDeleted = {
  __typename: 'WebhookEndpointDeleted';
  id: Scalars['ID']['output'];
};

export type WebhookEndpointSecretRotated = {
  __typename: 'WebhookEndpointSecretRotated';
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
  __typename: 'WebhookSecretRotated';
  operation: Operation;
  /**
   * The new secret, shown once. Deliveries are signed with it, and also with
   * the previous one for 24 hours, so a receiver can switch without losing any.
   */
  webhookSecret: Scalars['String']['output'];
};

export type WithdrawSignOffResult = NotFound | SignOffClosed | SignOffWithdrawn;

export type AgentFieldsFragment = { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean };

export type AgentsQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AgentsQuery = { __typename: 'Query', agents: { __typename: 'AgentConnection', nodes: Array<{ __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CreateAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type CreateAgentMutation = { __typename: 'Mutation', createAgent: { __typename: 'AgentCreated', key: string, agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } | { __typename: 'NameTaken', code: ErrorCode, message: string } };

export type RevokeAgentMutationVariables = Exact<{
  input: RevokeAgentInput;
}>;


export type RevokeAgentMutation = { __typename: 'Mutation', revokeAgent: { __typename: 'AgentRevoked', agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } | { __typename: 'NotFound', code: ErrorCode, message: string } };

export type RotateAgentKeyMutationVariables = Exact<{
  input: RotateAgentKeyInput;
}>;


export type RotateAgentKeyMutation = { __typename: 'Mutation', rotateAgentKey: { __typename: 'AgentKeyRotated', key: string, agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } | { __typename: 'NotFound', code: ErrorCode, message: string } };

export type AgentEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AgentEventsSubscription = { __typename: 'Subscription', agentEvents: { __typename: 'AgentEvent', kind: AgentEventKind, agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } };

export type AmountFieldsFragment = { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null };

export type AuthorityFieldsFragment = { __typename: 'Authority', id: string, name: string, currency?: string | null, perDrawTokens?: number | null, perDrawMinorUnits?: number | null, notBefore?: string | null, notAfter?: string | null, createdAt: string, state: AuthorityState, revokedAt?: string | null, revokeReason?: string | null, lastDrawnAt?: string | null, agent: { __typename: 'Agent', id: string, name: string }, ceiling: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, drawn: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, grantedBy?: { __typename: 'SignOff', id: string } | null };

export type ReceiptFieldsFragment = { __typename: 'Receipt', dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null } };

export type AuthoritiesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AuthoritiesQuery = { __typename: 'Query', authorities: { __typename: 'AuthorityConnection', nodes: Array<{ __typename: 'Authority', id: string, name: string, currency?: string | null, perDrawTokens?: number | null, perDrawMinorUnits?: number | null, notBefore?: string | null, notAfter?: string | null, createdAt: string, state: AuthorityState, revokedAt?: string | null, revokeReason?: string | null, lastDrawnAt?: string | null, agent: { __typename: 'Agent', id: string, name: string }, ceiling: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, drawn: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, grantedBy?: { __typename: 'SignOff', id: string } | null }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type AuthorityReceiptsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AuthorityReceiptsQuery = { __typename: 'Query', authority?: { __typename: 'Authority', id: string, receipts: { __typename: 'ReceiptConnection', nodes: Array<{ __typename: 'Receipt', dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null } }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type IssueAuthorityMutationVariables = Exact<{
  input: IssueAuthorityInput;
}>;


export type IssueAuthorityMutation = { __typename: 'Mutation', issueAuthority: { __typename: 'AuthorityIssued', existing: boolean, authority: { __typename: 'Authority', id: string, name: string, currency?: string | null, perDrawTokens?: number | null, perDrawMinorUnits?: number | null, notBefore?: string | null, notAfter?: string | null, createdAt: string, state: AuthorityState, revokedAt?: string | null, revokeReason?: string | null, lastDrawnAt?: string | null, agent: { __typename: 'Agent', id: string, name: string }, ceiling: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, drawn: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, grantedBy?: { __typename: 'SignOff', id: string } | null } } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'TermsConflict', code: ErrorCode, message: string } };

export type RevokeAuthorityMutationVariables = Exact<{
  input: RevokeAuthorityInput;
}>;


export type RevokeAuthorityMutation = { __typename: 'Mutation', revokeAuthority: { __typename: 'AuthorityRevoked', authority: { __typename: 'Authority', id: string, name: string, currency?: string | null, perDrawTokens?: number | null, perDrawMinorUnits?: number | null, notBefore?: string | null, notAfter?: string | null, createdAt: string, state: AuthorityState, revokedAt?: string | null, revokeReason?: string | null, lastDrawnAt?: string | null, agent: { __typename: 'Agent', id: string, name: string }, ceiling: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, drawn: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, remaining: { __typename: 'Amounts', tokens?: number | null, minorUnits?: number | null, draws?: number | null }, grantedBy?: { __typename: 'SignOff', id: string } | null } } | { __typename: 'NotFound', code: ErrorCode, message: string } };

export type AuthorityEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AuthorityEventsSubscription = { __typename: 'Subscription', authorityEvents: { __typename: 'AuthorityEvent', authority: { __typename: 'Authority', id: string } } };

export type OperationFieldsFragment = { __typename: 'Operation', op: string, version: number, summary: string, description?: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, webhookUrl?: string | null, effectTemplate?: string | null, fieldOrder?: Array<string> | null, definedAt?: string | null, openCount: number };

export type OperationsQueryVariables = Exact<{ [key: string]: never; }>;


export type OperationsQuery = { __typename: 'Query', operations: Array<{ __typename: 'Operation', op: string, version: number, summary: string, description?: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, webhookUrl?: string | null, effectTemplate?: string | null, fieldOrder?: Array<string> | null, definedAt?: string | null, openCount: number }> };

export type DefineOperationMutationVariables = Exact<{
  input: DefineOperationInput;
}>;


export type DefineOperationMutation = { __typename: 'Mutation', defineOperation: { __typename: 'LimitReached', code: ErrorCode, message: string } | { __typename: 'OperationDefined', created: boolean, webhookSecret?: string | null, operation: { __typename: 'Operation', op: string, version: number, summary: string, description?: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, webhookUrl?: string | null, effectTemplate?: string | null, fieldOrder?: Array<string> | null, definedAt?: string | null, openCount: number } } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } };

export type RetireOperationMutationVariables = Exact<{
  op: Scalars['String']['input'];
}>;


export type RetireOperationMutation = { __typename: 'Mutation', retireOperation: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'OperationRetirement', operation: { __typename: 'Operation', op: string, version: number, summary: string, description?: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, webhookUrl?: string | null, effectTemplate?: string | null, fieldOrder?: Array<string> | null, definedAt?: string | null, openCount: number } } };

export type RotateWebhookSecretMutationVariables = Exact<{
  op: Scalars['String']['input'];
}>;


export type RotateWebhookSecretMutation = { __typename: 'Mutation', rotateWebhookSecret: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointSecretRotated' } | { __typename: 'WebhookSecretRotated', webhookSecret: string, operation: { __typename: 'Operation', op: string, version: number, summary: string, description?: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, webhookUrl?: string | null, effectTemplate?: string | null, fieldOrder?: Array<string> | null, definedAt?: string | null, openCount: number } } };

export type TenantOwnersQueryVariables = Exact<{ [key: string]: never; }>;


export type TenantOwnersQuery = { __typename: 'Query', tenantOwners: Array<{ __typename: 'Owner', id: string, email: string, createdAt: string }> };

export type OwnerInvitationsQueryVariables = Exact<{ [key: string]: never; }>;


export type OwnerInvitationsQuery = { __typename: 'Query', ownerInvitations: Array<{ __typename: 'OwnerInvitation', id: string, note?: string | null, state: OwnerInvitationState, createdAt: string, expiresAt: string, invitedBy: { __typename: 'Owner', id: string, email: string }, acceptedBy?: { __typename: 'Owner', id: string, email: string } | null }> };

export type InviteOwnerMutationVariables = Exact<{
  input: InviteOwnerInput;
}>;


export type InviteOwnerMutation = { __typename: 'Mutation', inviteOwner: { __typename: 'OwnerInvitationProposed', signOff: { __typename: 'SignOff', id: string, state: SignOffState } } | { __typename: 'OwnerInvited', token: string, invitation: { __typename: 'OwnerInvitation', id: string, expiresAt: string } } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } };

export type RevokeOwnerInvitationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeOwnerInvitationMutation = { __typename: 'Mutation', revokeOwnerInvitation: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'OwnerInvitationRevoked', invitation: { __typename: 'OwnerInvitation', id: string, state: OwnerInvitationState } } };

export type TakeOwnerInvitationLinkMutationVariables = Exact<{
  signOffId: Scalars['ID']['input'];
}>;


export type TakeOwnerInvitationLinkMutation = { __typename: 'Mutation', takeOwnerInvitationLink: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'OwnerInvitationLink', token: string, invitation: { __typename: 'OwnerInvitation', id: string, expiresAt: string } } | { __typename: 'SecretUnavailable', code: ErrorCode, message: string } };

export type ApprovalPoliciesQueryVariables = Exact<{ [key: string]: never; }>;


export type ApprovalPoliciesQuery = { __typename: 'Query', approvalPolicies: Array<{ __typename: 'ApprovalPolicy', op: string, approvalsRequired: number, isDefault: boolean, setBy?: { __typename: 'Owner', id: string, email: string } | null }> };

export type SetApprovalsRequiredMutationVariables = Exact<{
  input: SetApprovalsRequiredInput;
}>;


export type SetApprovalsRequiredMutation = { __typename: 'Mutation', setApprovalsRequired: { __typename: 'ApprovalPolicyChangeProposed', existing: boolean, signOff: { __typename: 'SignOff', id: string, state: SignOffState } } | { __typename: 'ApprovalPolicySet', policy: { __typename: 'ApprovalPolicy', op: string, approvalsRequired: number } } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } };

export type ManifestNamesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManifestNamesQuery = { __typename: 'Query', manifestNames: { __typename: 'ManifestNameConnection', nodes: Array<string>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type ManifestVersionsQueryVariables = Exact<{
  name: Scalars['String']['input'];
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManifestVersionsQuery = { __typename: 'Query', manifestVersions: { __typename: 'ManifestVersionConnection', nodes: Array<{ __typename: 'ManifestVersion', version: string, digest: string, signed: boolean, publishedAt: string }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type ManifestVerifiedQueryVariables = Exact<{
  name: Scalars['String']['input'];
  version: Scalars['String']['input'];
}>;


export type ManifestVerifiedQuery = { __typename: 'Query', manifest?: { __typename: 'Manifest', name: string, version: string, verified: boolean } | null };

export type ManifestQueryVariables = Exact<{
  name: Scalars['String']['input'];
  version: Scalars['String']['input'];
}>;


export type ManifestQuery = { __typename: 'Query', manifest?: { __typename: 'Manifest', name: string, version: string, digest: string, content: string, canonical: string, format: ManifestFormat, verified: boolean, publishedAt: string, attestation?: { __typename: 'ManifestAttestation', keyId: string, signature: string } | null } | null };

export type VerifyManifestQueryVariables = Exact<{
  name: Scalars['String']['input'];
  version: Scalars['String']['input'];
}>;


export type VerifyManifestQuery = { __typename: 'Query', manifest?: { __typename: 'Manifest', name: string, version: string, digest: string, verified: boolean, attestation?: { __typename: 'ManifestAttestation', keyId: string } | null } | null };

export type SigningKeyFieldsFragment = { __typename: 'SigningKey', keyId: string, name: string, createdAt: string, revokedAt?: string | null };

export type SigningKeysQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SigningKeysQuery = { __typename: 'Query', signingKeys: { __typename: 'SigningKeyConnection', nodes: Array<{ __typename: 'SigningKey', keyId: string, name: string, createdAt: string, revokedAt?: string | null }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type RegisterSigningKeyMutationVariables = Exact<{
  input: RegisterSigningKeyInput;
}>;


export type RegisterSigningKeyMutation = { __typename: 'Mutation', registerSigningKey: { __typename: 'SigningKeyRegistered', existing: boolean, key: { __typename: 'SigningKey', keyId: string, name: string, createdAt: string, revokedAt?: string | null } } };

export type RevokeSigningKeyMutationVariables = Exact<{
  input: RevokeSigningKeyInput;
}>;


export type RevokeSigningKeyMutation = { __typename: 'Mutation', revokeSigningKey: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SigningKeyRevoked', key: { __typename: 'SigningKey', keyId: string, name: string, createdAt: string, revokedAt?: string | null } } };

export type RepositoryFieldsFragment = { __typename: 'Repository', id: string, name: string, code: string, state: RepositoryState, createdAt: string };

export type RepositoriesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type RepositoriesQuery = { __typename: 'Query', repositories: { __typename: 'RepositoryConnection', nodes: Array<{ __typename: 'Repository', id: string, name: string, code: string, state: RepositoryState, createdAt: string }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CreateRepositoryMutationVariables = Exact<{
  input: CreateRepositoryInput;
}>;


export type CreateRepositoryMutation = { __typename: 'Mutation', createRepository: { __typename: 'LimitReached', code: ErrorCode, message: string } | { __typename: 'NameTaken', code: ErrorCode, message: string } | { __typename: 'RepositoryCreated', repository: { __typename: 'Repository', id: string, name: string, code: string, state: RepositoryState, createdAt: string } } };

export type ReauthenticateMutationVariables = Exact<{
  input: ReauthenticateInput;
}>;


export type ReauthenticateMutation = { __typename: 'Mutation', reauthenticate: { __typename: 'InvalidCredentials', code: ErrorCode, message: string } | { __typename: 'Reauthenticated', until: string } };

export type SessionQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionQuery = { __typename: 'Query', viewer?: { __typename: 'Agent', id: string, name: string } | { __typename: 'Owner', id: string, email: string, tenant: { __typename: 'Tenant', id: string, name: string } } | null, setupStatus: { __typename: 'SetupStatus', needed: boolean } };

export type SignInMutationVariables = Exact<{
  input: SignInInput;
}>;


export type SignInMutation = { __typename: 'Mutation', signIn: { __typename: 'InvalidCredentials', code: ErrorCode, message: string } | { __typename: 'SignedIn', owner: { __typename: 'Owner', id: string, email: string } } };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { __typename: 'Mutation', signOut: { __typename: 'SignedOut' } };

export type SetupFirstOwnerMutationVariables = Exact<{
  input: SetupFirstOwnerInput;
}>;


export type SetupFirstOwnerMutation = { __typename: 'Mutation', setupFirstOwner: { __typename: 'SetupClosed', code: ErrorCode, message: string } | { __typename: 'SetupCompleted', owner: { __typename: 'Owner', id: string, email: string } } };

export type OwnerInvitationPreviewQueryVariables = Exact<{
  token: Scalars['String']['input'];
}>;


export type OwnerInvitationPreviewQuery = { __typename: 'Query', ownerInvitation?: { __typename: 'OwnerInvitationPreview', expiresAt: string, tenant: { __typename: 'Tenant', id: string, name: string } } | null };

export type AcceptOwnerInvitationMutationVariables = Exact<{
  input: AcceptOwnerInvitationInput;
}>;


export type AcceptOwnerInvitationMutation = { __typename: 'Mutation', acceptOwnerInvitation: { __typename: 'InvitationInvalid', code: ErrorCode, message: string } | { __typename: 'OwnerInvitationAccepted', owner: { __typename: 'Owner', id: string, email: string } } };

export type MoneyRiskThresholdsQueryVariables = Exact<{ [key: string]: never; }>;


export type MoneyRiskThresholdsQuery = { __typename: 'Query', moneyRiskThresholds: Array<{ __typename: 'MoneyThreshold', currency: string, minorUnits: number }> };

export type SetMoneyRiskThresholdMutationVariables = Exact<{
  input: SetMoneyRiskThresholdInput;
}>;


export type SetMoneyRiskThresholdMutation = { __typename: 'Mutation', setMoneyRiskThreshold: { __typename: 'MoneyRiskThresholdSet', thresholds: Array<{ __typename: 'MoneyThreshold', currency: string, minorUnits: number }> } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } };

export type WebhookEndpointFieldsFragment = { __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null };

export type WebhookDeliveryFieldsFragment = { __typename: 'WebhookDelivery', id: string, event: string, createdAt: string, state: WebhookDeliveryState, attempts: number, lastAttemptAt?: string | null, status?: number | null, latencyMs?: number | null, responseSnippet?: string | null };

export type WebhookEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEndpointsQuery = { __typename: 'Query', webhookEndpoints: Array<{ __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null }> };

export type WebhookDeliveriesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type WebhookDeliveriesQuery = { __typename: 'Query', webhookEndpoint?: { __typename: 'WebhookEndpoint', id: string, deliveries: Array<{ __typename: 'WebhookDelivery', id: string, event: string, createdAt: string, state: WebhookDeliveryState, attempts: number, lastAttemptAt?: string | null, status?: number | null, latencyMs?: number | null, responseSnippet?: string | null }> } | null };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { __typename: 'Mutation', createWebhookEndpoint: { __typename: 'LimitReached', code: ErrorCode, message: string } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointCreated', secret: string, endpoint: { __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null } } };

export type RotateEndpointSecretMutationVariables = Exact<{
  endpointId: Scalars['ID']['input'];
}>;


export type RotateEndpointSecretMutation = { __typename: 'Mutation', rotateWebhookSecret: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointSecretRotated', secret: string, endpoint: { __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null } } | { __typename: 'WebhookSecretRotated' } };

export type DisableWebhookEndpointMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DisableWebhookEndpointMutation = { __typename: 'Mutation', disableWebhookEndpoint: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointChanged', endpoint: { __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null } } };

export type EnableWebhookEndpointMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type EnableWebhookEndpointMutation = { __typename: 'Mutation', enableWebhookEndpoint: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointChanged', endpoint: { __typename: 'WebhookEndpoint', id: string, url: string, format: WebhookFormat, events: Array<NotificationEvent>, description?: string | null, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, failingSince?: string | null } } };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookEndpointMutation = { __typename: 'Mutation', deleteWebhookEndpoint: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'WebhookEndpointDeleted', id: string } };

export type SendTestWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SendTestWebhookMutation = { __typename: 'Mutation', sendTestWebhook: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'TestWebhookSent', delivery: { __typename: 'WebhookDelivery', id: string, event: string, createdAt: string, state: WebhookDeliveryState, attempts: number, lastAttemptAt?: string | null, status?: number | null, latencyMs?: number | null, responseSnippet?: string | null } } };

export type NotificationSettingsFieldsFragment = { __typename: 'NotificationSettings', emailAvailable: boolean, emailAddress: string, email: Array<{ __typename: 'EmailPreference', event: NotificationEvent, mode: EmailMode, digestMinutes?: number | null }> };

export type NotificationSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationSettingsQuery = { __typename: 'Query', notificationSettings: { __typename: 'NotificationSettings', emailAvailable: boolean, emailAddress: string, email: Array<{ __typename: 'EmailPreference', event: NotificationEvent, mode: EmailMode, digestMinutes?: number | null }> } };

export type PushPublicKeyQueryVariables = Exact<{ [key: string]: never; }>;


export type PushPublicKeyQuery = { __typename: 'Query', notificationSettings: { __typename: 'NotificationSettings', pushPublicKey: string } };

export type SetEmailPreferenceMutationVariables = Exact<{
  input: SetEmailPreferenceInput;
}>;


export type SetEmailPreferenceMutation = { __typename: 'Mutation', setEmailPreference: { __typename: 'NotificationSettings', emailAvailable: boolean, emailAddress: string, email: Array<{ __typename: 'EmailPreference', event: NotificationEvent, mode: EmailMode, digestMinutes?: number | null }> } };

export type PushDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type PushDevicesQuery = { __typename: 'Query', pushDevices: Array<{ __typename: 'PushDevice', id: string, name: string, createdAt: string, lastUsedAt?: string | null }> };

export type RegisterPushDeviceMutationVariables = Exact<{
  input: RegisterPushDeviceInput;
}>;


export type RegisterPushDeviceMutation = { __typename: 'Mutation', registerPushDevice: { __typename: 'LimitReached', code: ErrorCode, message: string } | { __typename: 'PushDeviceRegistered', device: { __typename: 'PushDevice', id: string, name: string } } };

export type RemovePushDeviceMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RemovePushDeviceMutation = { __typename: 'Mutation', removePushDevice: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'PushDeviceRemoved', id: string } };

export type OwnerTokenFieldsFragment = { __typename: 'OwnerToken', id: string, name: string, scope: OwnerTokenScope, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null };

export type OwnerTokensQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type OwnerTokensQuery = { __typename: 'Query', ownerTokens: { __typename: 'OwnerTokenConnection', nodes: Array<{ __typename: 'OwnerToken', id: string, name: string, scope: OwnerTokenScope, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CreateOwnerTokenMutationVariables = Exact<{
  input: CreateOwnerTokenInput;
}>;


export type CreateOwnerTokenMutation = { __typename: 'Mutation', createOwnerToken: { __typename: 'OwnerTokenCreated', token: string, ownerToken: { __typename: 'OwnerToken', id: string, name: string, scope: OwnerTokenScope, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null } } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } };

export type RevokeOwnerTokenMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeOwnerTokenMutation = { __typename: 'Mutation', revokeOwnerToken: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'OwnerTokenRevoked', ownerToken: { __typename: 'OwnerToken', id: string, name: string, scope: OwnerTokenScope, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null } } };

export type SecondOwnerJoinQueryVariables = Exact<{ [key: string]: never; }>;


export type SecondOwnerJoinQuery = { __typename: 'Query', secondOwnerJoin?: { __typename: 'SecondOwnerJoin', joinedAt: string, owner: { __typename: 'Owner', id: string, email: string }, revokedInvitations: Array<{ __typename: 'OwnerInvitation', id: string, note?: string | null, createdAt: string }>, resetPolicies: Array<{ __typename: 'ResetApprovalPolicy', op: string, approvalsRequired: number, setAt: string }> } | null };

export type HistorySignOffsQueryVariables = Exact<{
  state?: InputMaybe<SignOffState>;
  agent?: InputMaybe<Scalars['ID']['input']>;
  requestedFrom?: InputMaybe<Scalars['DateTime']['input']>;
  requestedTo?: InputMaybe<Scalars['DateTime']['input']>;
  byRule?: InputMaybe<Scalars['Boolean']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type HistorySignOffsQuery = { __typename: 'Query', signOffs: { __typename: 'SignOffConnection', nodes: Array<{ __typename: 'SignOff', secretState: SignOffSecretState, secretExpiresAt?: string | null, id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, deniedBy?: { __typename: 'Owner', id: string, email: string } | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type SignOffRuleFieldsFragment = { __typename: 'SignOffRule', id: string, op: string, opVersion?: number | null, state: SignOffRuleState, maxApprovals: number, remaining: number, approvedCount: number, endsAt: string, createdAt: string, revokedAt?: string | null, revokeReason?: string | null, agent: { __typename: 'Agent', id: string, name: string }, repository?: { __typename: 'Repository', id: string, name: string } | null, constraints: Array<{ __typename: 'RuleConstraint', field: string, kind: RuleConstraintKind, equals?: unknown | null, oneOf?: Array<unknown> | null, atMost?: number | null, prefix?: string | null }> };

export type SignOffRulesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SignOffRulesQuery = { __typename: 'Query', signOffRules: { __typename: 'SignOffRuleConnection', nodes: Array<{ __typename: 'SignOffRule', id: string, op: string, opVersion?: number | null, state: SignOffRuleState, maxApprovals: number, remaining: number, approvedCount: number, endsAt: string, createdAt: string, revokedAt?: string | null, revokeReason?: string | null, agent: { __typename: 'Agent', id: string, name: string }, repository?: { __typename: 'Repository', id: string, name: string } | null, constraints: Array<{ __typename: 'RuleConstraint', field: string, kind: RuleConstraintKind, equals?: unknown | null, oneOf?: Array<unknown> | null, atMost?: number | null, prefix?: string | null }> }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type RememberSignOffMutationVariables = Exact<{
  input: DecideSignOffInput;
}>;


export type RememberSignOffMutation = { __typename: 'Mutation', decideSignOff: { __typename: 'InputMismatch', code: ErrorCode, message: string } | { __typename: 'NotBatchable', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } | { __typename: 'SecondApproverRequired', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffDecided', rule?: { __typename: 'SignOffRule', id: string, op: string, opVersion?: number | null, state: SignOffRuleState, maxApprovals: number, remaining: number, approvedCount: number, endsAt: string, createdAt: string, revokedAt?: string | null, revokeReason?: string | null, agent: { __typename: 'Agent', id: string, name: string }, repository?: { __typename: 'Repository', id: string, name: string } | null, constraints: Array<{ __typename: 'RuleConstraint', field: string, kind: RuleConstraintKind, equals?: unknown | null, oneOf?: Array<unknown> | null, atMost?: number | null, prefix?: string | null }> } | null, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } };

export type RevokeSignOffRuleMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
}>;


export type RevokeSignOffRuleMutation = { __typename: 'Mutation', revokeSignOffRule: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SignOffRuleRevoked', rule: { __typename: 'SignOffRule', id: string, op: string, opVersion?: number | null, state: SignOffRuleState, maxApprovals: number, remaining: number, approvedCount: number, endsAt: string, createdAt: string, revokedAt?: string | null, revokeReason?: string | null, agent: { __typename: 'Agent', id: string, name: string }, repository?: { __typename: 'Repository', id: string, name: string } | null, constraints: Array<{ __typename: 'RuleConstraint', field: string, kind: RuleConstraintKind, equals?: unknown | null, oneOf?: Array<unknown> | null, atMost?: number | null, prefix?: string | null }> } } };

export type SignOffFieldsFragment = { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null };

export type SignOffsQueryVariables = Exact<{
  state?: InputMaybe<SignOffState>;
  decided?: InputMaybe<Scalars['Boolean']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SignOffsQuery = { __typename: 'Query', signOffs: { __typename: 'SignOffConnection', nodes: Array<{ __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type SignOffQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SignOffQuery = { __typename: 'Query', signOff?: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } | null };

type DecisionResult_InputMismatch_Fragment = { __typename: 'InputMismatch', code: ErrorCode, message: string };

type DecisionResult_NotBatchable_Fragment = { __typename: 'NotBatchable', code: ErrorCode, message: string };

type DecisionResult_NotFound_Fragment = { __typename: 'NotFound', code: ErrorCode, message: string };

type DecisionResult_ReauthenticationRequired_Fragment = { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string };

type DecisionResult_SecondApproverRequired_Fragment = { __typename: 'SecondApproverRequired', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } };

type DecisionResult_SignOffClosed_Fragment = { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } };

type DecisionResult_SignOffDecided_Fragment = { __typename: 'SignOffDecided', signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } };

export type DecisionResultFragment = DecisionResult_InputMismatch_Fragment | DecisionResult_NotBatchable_Fragment | DecisionResult_NotFound_Fragment | DecisionResult_ReauthenticationRequired_Fragment | DecisionResult_SecondApproverRequired_Fragment | DecisionResult_SignOffClosed_Fragment | DecisionResult_SignOffDecided_Fragment;

export type DecideSignOffMutationVariables = Exact<{
  input: DecideSignOffInput;
}>;


export type DecideSignOffMutation = { __typename: 'Mutation', decideSignOff: { __typename: 'InputMismatch', code: ErrorCode, message: string } | { __typename: 'NotBatchable', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } | { __typename: 'SecondApproverRequired', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffDecided', signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } };

export type DecideSignOffsMutationVariables = Exact<{
  input: DecideSignOffsInput;
}>;


export type DecideSignOffsMutation = { __typename: 'Mutation', decideSignOffs: Array<{ __typename: 'InputMismatch', code: ErrorCode, message: string } | { __typename: 'NotBatchable', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string } | { __typename: 'SecondApproverRequired', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } } | { __typename: 'SignOffDecided', signOff: { __typename: 'SignOff', id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, riskReasons: Array<string>, approvalsRequired: number, secretState: SignOffSecretState, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, changedByOwner: boolean, summary: string, reason?: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt?: string | null, note?: string | null, finishedAt?: string | null, result?: unknown | null, failure?: string | null, redeemBy?: string | null, redeemedAt?: string | null, operation: { __typename: 'Operation', op: string, version: number, runner: OperationRunner, inputSchema: unknown, effectTemplate?: string | null, fieldOrder?: Array<string> | null }, agent?: { __typename: 'Agent', id: string, name: string } | null, proposedBy?: { __typename: 'Owner', id: string, email: string } | null, approvals: Array<{ __typename: 'SignOffApproval', approvedAt: string, note?: string | null, owner: { __typename: 'Owner', id: string, email: string } }>, repository?: { __typename: 'Repository', id: string, name: string } | null, deliveryAttempts: Array<{ __typename: 'DeliveryAttempt', attempt: number, at: string, status?: number | null, latencyMs: number, error?: string | null }>, approvedByRule?: { __typename: 'SignOffRule', id: string, maxApprovals: number, approvedCount: number } | null } }> };

export type PendingSignOffCountQueryVariables = Exact<{ [key: string]: never; }>;


export type PendingSignOffCountQuery = { __typename: 'Query', pendingSignOffCount: number };

export type SignOffEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SignOffEventsSubscription = { __typename: 'Subscription', signOffEvents: { __typename: 'SignOffEvent', signOff: { __typename: 'SignOff', id: string, state: SignOffState } } };

type DomainErrorFields_AlreadyRedeemed_Fragment = { __typename: 'AlreadyRedeemed', code: ErrorCode, message: string };

type DomainErrorFields_BadAttestation_Fragment = { __typename: 'BadAttestation', code: ErrorCode, message: string };

type DomainErrorFields_DispatchKeyReused_Fragment = { __typename: 'DispatchKeyReused', code: ErrorCode, message: string };

type DomainErrorFields_Exhausted_Fragment = { __typename: 'Exhausted', code: ErrorCode, message: string };

type DomainErrorFields_Expired_Fragment = { __typename: 'Expired', code: ErrorCode, message: string };

type DomainErrorFields_GrantLapsed_Fragment = { __typename: 'GrantLapsed', code: ErrorCode, message: string };

type DomainErrorFields_InputMismatch_Fragment = { __typename: 'InputMismatch', code: ErrorCode, message: string };

type DomainErrorFields_InvalidCredentials_Fragment = { __typename: 'InvalidCredentials', code: ErrorCode, message: string };

type DomainErrorFields_InvitationInvalid_Fragment = { __typename: 'InvitationInvalid', code: ErrorCode, message: string };

type DomainErrorFields_LimitReached_Fragment = { __typename: 'LimitReached', code: ErrorCode, message: string };

type DomainErrorFields_ManifestVersionTaken_Fragment = { __typename: 'ManifestVersionTaken', code: ErrorCode, message: string };

type DomainErrorFields_NameTaken_Fragment = { __typename: 'NameTaken', code: ErrorCode, message: string };

type DomainErrorFields_NotBatchable_Fragment = { __typename: 'NotBatchable', code: ErrorCode, message: string };

type DomainErrorFields_NotFound_Fragment = { __typename: 'NotFound', code: ErrorCode, message: string };

type DomainErrorFields_NotYetValid_Fragment = { __typename: 'NotYetValid', code: ErrorCode, message: string };

type DomainErrorFields_OperationRetired_Fragment = { __typename: 'OperationRetired', code: ErrorCode, message: string };

type DomainErrorFields_PerDrawCapExceeded_Fragment = { __typename: 'PerDrawCapExceeded', code: ErrorCode, message: string };

type DomainErrorFields_ReauthenticationRequired_Fragment = { __typename: 'ReauthenticationRequired', code: ErrorCode, message: string };

type DomainErrorFields_RecentlyDenied_Fragment = { __typename: 'RecentlyDenied', code: ErrorCode, message: string };

type DomainErrorFields_Revoked_Fragment = { __typename: 'Revoked', code: ErrorCode, message: string };

type DomainErrorFields_SecondApproverRequired_Fragment = { __typename: 'SecondApproverRequired', code: ErrorCode, message: string };

type DomainErrorFields_SecretUnavailable_Fragment = { __typename: 'SecretUnavailable', code: ErrorCode, message: string };

type DomainErrorFields_SetupClosed_Fragment = { __typename: 'SetupClosed', code: ErrorCode, message: string };

type DomainErrorFields_SignOffClosed_Fragment = { __typename: 'SignOffClosed', code: ErrorCode, message: string };

type DomainErrorFields_TermsConflict_Fragment = { __typename: 'TermsConflict', code: ErrorCode, message: string };

type DomainErrorFields_TooManyPending_Fragment = { __typename: 'TooManyPending', code: ErrorCode, message: string };

export type DomainErrorFieldsFragment = DomainErrorFields_AlreadyRedeemed_Fragment | DomainErrorFields_BadAttestation_Fragment | DomainErrorFields_DispatchKeyReused_Fragment | DomainErrorFields_Exhausted_Fragment | DomainErrorFields_Expired_Fragment | DomainErrorFields_GrantLapsed_Fragment | DomainErrorFields_InputMismatch_Fragment | DomainErrorFields_InvalidCredentials_Fragment | DomainErrorFields_InvitationInvalid_Fragment | DomainErrorFields_LimitReached_Fragment | DomainErrorFields_ManifestVersionTaken_Fragment | DomainErrorFields_NameTaken_Fragment | DomainErrorFields_NotBatchable_Fragment | DomainErrorFields_NotFound_Fragment | DomainErrorFields_NotYetValid_Fragment | DomainErrorFields_OperationRetired_Fragment | DomainErrorFields_PerDrawCapExceeded_Fragment | DomainErrorFields_ReauthenticationRequired_Fragment | DomainErrorFields_RecentlyDenied_Fragment | DomainErrorFields_Revoked_Fragment | DomainErrorFields_SecondApproverRequired_Fragment | DomainErrorFields_SecretUnavailable_Fragment | DomainErrorFields_SetupClosed_Fragment | DomainErrorFields_SignOffClosed_Fragment | DomainErrorFields_TermsConflict_Fragment | DomainErrorFields_TooManyPending_Fragment;

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AgentFieldsFragmentDoc = new TypedDocumentString(`
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}
    `, {"fragmentName":"AgentFields"}) as unknown as TypedDocumentString<AgentFieldsFragment, unknown>;
export const AmountFieldsFragmentDoc = new TypedDocumentString(`
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}
    `, {"fragmentName":"AmountFields"}) as unknown as TypedDocumentString<AmountFieldsFragment, unknown>;
export const AuthorityFieldsFragmentDoc = new TypedDocumentString(`
    fragment AuthorityFields on Authority {
  id
  name
  agent {
    id
    name
  }
  ceiling {
    ...AmountFields
  }
  currency
  perDrawTokens
  perDrawMinorUnits
  notBefore
  notAfter
  createdAt
  drawn {
    ...AmountFields
  }
  remaining {
    ...AmountFields
  }
  state
  revokedAt
  revokeReason
  lastDrawnAt
  grantedBy {
    id
  }
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}`, {"fragmentName":"AuthorityFields"}) as unknown as TypedDocumentString<AuthorityFieldsFragment, unknown>;
export const ReceiptFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReceiptFields on Receipt {
  dispatchKey
  tokens
  minorUnits
  remaining {
    ...AmountFields
  }
  ordinal
  drawnAt
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}`, {"fragmentName":"ReceiptFields"}) as unknown as TypedDocumentString<ReceiptFieldsFragment, unknown>;
export const OperationFieldsFragmentDoc = new TypedDocumentString(`
    fragment OperationFields on Operation {
  op
  version
  summary
  description
  irreversible
  risk
  runner
  retired
  inputSchema
  secretFields
  needsRepository
  webhookUrl
  effectTemplate
  fieldOrder
  definedAt
  openCount
}
    `, {"fragmentName":"OperationFields"}) as unknown as TypedDocumentString<OperationFieldsFragment, unknown>;
export const SigningKeyFieldsFragmentDoc = new TypedDocumentString(`
    fragment SigningKeyFields on SigningKey {
  keyId
  name
  createdAt
  revokedAt
}
    `, {"fragmentName":"SigningKeyFields"}) as unknown as TypedDocumentString<SigningKeyFieldsFragment, unknown>;
export const RepositoryFieldsFragmentDoc = new TypedDocumentString(`
    fragment RepositoryFields on Repository {
  id
  name
  code
  state
  createdAt
}
    `, {"fragmentName":"RepositoryFields"}) as unknown as TypedDocumentString<RepositoryFieldsFragment, unknown>;
export const WebhookEndpointFieldsFragmentDoc = new TypedDocumentString(`
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}
    `, {"fragmentName":"WebhookEndpointFields"}) as unknown as TypedDocumentString<WebhookEndpointFieldsFragment, unknown>;
export const WebhookDeliveryFieldsFragmentDoc = new TypedDocumentString(`
    fragment WebhookDeliveryFields on WebhookDelivery {
  id
  event
  createdAt
  state
  attempts
  lastAttemptAt
  status
  latencyMs
  responseSnippet
}
    `, {"fragmentName":"WebhookDeliveryFields"}) as unknown as TypedDocumentString<WebhookDeliveryFieldsFragment, unknown>;
export const NotificationSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment NotificationSettingsFields on NotificationSettings {
  emailAvailable
  emailAddress
  email {
    event
    mode
    digestMinutes
  }
}
    `, {"fragmentName":"NotificationSettingsFields"}) as unknown as TypedDocumentString<NotificationSettingsFieldsFragment, unknown>;
export const OwnerTokenFieldsFragmentDoc = new TypedDocumentString(`
    fragment OwnerTokenFields on OwnerToken {
  id
  name
  scope
  createdAt
  lastUsedAt
  revokedAt
}
    `, {"fragmentName":"OwnerTokenFields"}) as unknown as TypedDocumentString<OwnerTokenFieldsFragment, unknown>;
export const SignOffRuleFieldsFragmentDoc = new TypedDocumentString(`
    fragment SignOffRuleFields on SignOffRule {
  id
  op
  opVersion
  state
  maxApprovals
  remaining
  approvedCount
  endsAt
  createdAt
  revokedAt
  revokeReason
  agent {
    id
    name
  }
  repository {
    id
    name
  }
  constraints {
    field
    kind
    equals
    oneOf
    atMost
    prefix
  }
}
    `, {"fragmentName":"SignOffRuleFields"}) as unknown as TypedDocumentString<SignOffRuleFieldsFragment, unknown>;
export const SignOffFieldsFragmentDoc = new TypedDocumentString(`
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}
    `, {"fragmentName":"SignOffFields"}) as unknown as TypedDocumentString<SignOffFieldsFragment, unknown>;
export const DomainErrorFieldsFragmentDoc = new TypedDocumentString(`
    fragment DomainErrorFields on DomainError {
  code
  message
}
    `, {"fragmentName":"DomainErrorFields"}) as unknown as TypedDocumentString<DomainErrorFieldsFragment, unknown>;
export const DecisionResultFragmentDoc = new TypedDocumentString(`
    fragment DecisionResult on DecideSignOffResult {
  __typename
  ... on SignOffDecided {
    signOff {
      ...SignOffFields
    }
  }
  ... on SignOffClosed {
    signOff {
      ...SignOffFields
    }
  }
  ... on SecondApproverRequired {
    signOff {
      ...SignOffFields
    }
  }
  ...DomainErrorFields
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}
fragment DomainErrorFields on DomainError {
  code
  message
}`, {"fragmentName":"DecisionResult"}) as unknown as TypedDocumentString<DecisionResultFragment, unknown>;
export const AgentsDocument = new TypedDocumentString(`
    query Agents($first: Int!, $after: String) {
  agents(first: $first, after: $after) {
    nodes {
      ...AgentFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}`) as unknown as TypedDocumentString<AgentsQuery, AgentsQueryVariables>;
export const CreateAgentDocument = new TypedDocumentString(`
    mutation CreateAgent($input: CreateAgentInput!) {
  createAgent(input: $input) {
    __typename
    ... on AgentCreated {
      key
      agent {
        ...AgentFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<CreateAgentMutation, CreateAgentMutationVariables>;
export const RevokeAgentDocument = new TypedDocumentString(`
    mutation RevokeAgent($input: RevokeAgentInput!) {
  revokeAgent(input: $input) {
    __typename
    ... on AgentRevoked {
      agent {
        ...AgentFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeAgentMutation, RevokeAgentMutationVariables>;
export const RotateAgentKeyDocument = new TypedDocumentString(`
    mutation RotateAgentKey($input: RotateAgentKeyInput!) {
  rotateAgentKey(input: $input) {
    __typename
    ... on AgentKeyRotated {
      key
      agent {
        ...AgentFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RotateAgentKeyMutation, RotateAgentKeyMutationVariables>;
export const AgentEventsDocument = new TypedDocumentString(`
    subscription AgentEvents {
  agentEvents {
    kind
    agent {
      ...AgentFields
    }
  }
}
    fragment AgentFields on Agent {
  id
  name
  keyPrefix
  createdAt
  revokedAt
  revoked
}`) as unknown as TypedDocumentString<AgentEventsSubscription, AgentEventsSubscriptionVariables>;
export const AuthoritiesDocument = new TypedDocumentString(`
    query Authorities($first: Int!, $after: String) {
  authorities(first: $first, after: $after) {
    nodes {
      ...AuthorityFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}
fragment AuthorityFields on Authority {
  id
  name
  agent {
    id
    name
  }
  ceiling {
    ...AmountFields
  }
  currency
  perDrawTokens
  perDrawMinorUnits
  notBefore
  notAfter
  createdAt
  drawn {
    ...AmountFields
  }
  remaining {
    ...AmountFields
  }
  state
  revokedAt
  revokeReason
  lastDrawnAt
  grantedBy {
    id
  }
}`) as unknown as TypedDocumentString<AuthoritiesQuery, AuthoritiesQueryVariables>;
export const AuthorityReceiptsDocument = new TypedDocumentString(`
    query AuthorityReceipts($id: ID!, $first: Int, $after: String) {
  authority(id: $id) {
    id
    receipts(first: $first, after: $after) {
      nodes {
        ...ReceiptFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}
fragment ReceiptFields on Receipt {
  dispatchKey
  tokens
  minorUnits
  remaining {
    ...AmountFields
  }
  ordinal
  drawnAt
}`) as unknown as TypedDocumentString<AuthorityReceiptsQuery, AuthorityReceiptsQueryVariables>;
export const IssueAuthorityDocument = new TypedDocumentString(`
    mutation IssueAuthority($input: IssueAuthorityInput!) {
  issueAuthority(input: $input) {
    __typename
    ... on AuthorityIssued {
      existing
      authority {
        ...AuthorityFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}
fragment AuthorityFields on Authority {
  id
  name
  agent {
    id
    name
  }
  ceiling {
    ...AmountFields
  }
  currency
  perDrawTokens
  perDrawMinorUnits
  notBefore
  notAfter
  createdAt
  drawn {
    ...AmountFields
  }
  remaining {
    ...AmountFields
  }
  state
  revokedAt
  revokeReason
  lastDrawnAt
  grantedBy {
    id
  }
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<IssueAuthorityMutation, IssueAuthorityMutationVariables>;
export const RevokeAuthorityDocument = new TypedDocumentString(`
    mutation RevokeAuthority($input: RevokeAuthorityInput!) {
  revokeAuthority(input: $input) {
    __typename
    ... on AuthorityRevoked {
      authority {
        ...AuthorityFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment AmountFields on Amounts {
  tokens
  minorUnits
  draws
}
fragment AuthorityFields on Authority {
  id
  name
  agent {
    id
    name
  }
  ceiling {
    ...AmountFields
  }
  currency
  perDrawTokens
  perDrawMinorUnits
  notBefore
  notAfter
  createdAt
  drawn {
    ...AmountFields
  }
  remaining {
    ...AmountFields
  }
  state
  revokedAt
  revokeReason
  lastDrawnAt
  grantedBy {
    id
  }
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeAuthorityMutation, RevokeAuthorityMutationVariables>;
export const AuthorityEventsDocument = new TypedDocumentString(`
    subscription AuthorityEvents {
  authorityEvents {
    authority {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<AuthorityEventsSubscription, AuthorityEventsSubscriptionVariables>;
export const OperationsDocument = new TypedDocumentString(`
    query Operations {
  operations(includeRetired: true) {
    ...OperationFields
  }
}
    fragment OperationFields on Operation {
  op
  version
  summary
  description
  irreversible
  risk
  runner
  retired
  inputSchema
  secretFields
  needsRepository
  webhookUrl
  effectTemplate
  fieldOrder
  definedAt
  openCount
}`) as unknown as TypedDocumentString<OperationsQuery, OperationsQueryVariables>;
export const DefineOperationDocument = new TypedDocumentString(`
    mutation DefineOperation($input: DefineOperationInput!) {
  defineOperation(input: $input) {
    __typename
    ... on OperationDefined {
      created
      webhookSecret
      operation {
        ...OperationFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment OperationFields on Operation {
  op
  version
  summary
  description
  irreversible
  risk
  runner
  retired
  inputSchema
  secretFields
  needsRepository
  webhookUrl
  effectTemplate
  fieldOrder
  definedAt
  openCount
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<DefineOperationMutation, DefineOperationMutationVariables>;
export const RetireOperationDocument = new TypedDocumentString(`
    mutation RetireOperation($op: String!) {
  retireOperation(op: $op) {
    __typename
    ... on OperationRetirement {
      operation {
        ...OperationFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment OperationFields on Operation {
  op
  version
  summary
  description
  irreversible
  risk
  runner
  retired
  inputSchema
  secretFields
  needsRepository
  webhookUrl
  effectTemplate
  fieldOrder
  definedAt
  openCount
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RetireOperationMutation, RetireOperationMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($op: String!) {
  rotateWebhookSecret(op: $op) {
    __typename
    ... on WebhookSecretRotated {
      webhookSecret
      operation {
        ...OperationFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment OperationFields on Operation {
  op
  version
  summary
  description
  irreversible
  risk
  runner
  retired
  inputSchema
  secretFields
  needsRepository
  webhookUrl
  effectTemplate
  fieldOrder
  definedAt
  openCount
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const TenantOwnersDocument = new TypedDocumentString(`
    query TenantOwners {
  tenantOwners {
    id
    email
    createdAt
  }
}
    `) as unknown as TypedDocumentString<TenantOwnersQuery, TenantOwnersQueryVariables>;
export const OwnerInvitationsDocument = new TypedDocumentString(`
    query OwnerInvitations {
  ownerInvitations {
    id
    note
    state
    createdAt
    expiresAt
    invitedBy {
      id
      email
    }
    acceptedBy {
      id
      email
    }
  }
}
    `) as unknown as TypedDocumentString<OwnerInvitationsQuery, OwnerInvitationsQueryVariables>;
export const InviteOwnerDocument = new TypedDocumentString(`
    mutation InviteOwner($input: InviteOwnerInput!) {
  inviteOwner(input: $input) {
    __typename
    ... on OwnerInvited {
      token
      invitation {
        id
        expiresAt
      }
    }
    ... on OwnerInvitationProposed {
      signOff {
        id
        state
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<InviteOwnerMutation, InviteOwnerMutationVariables>;
export const RevokeOwnerInvitationDocument = new TypedDocumentString(`
    mutation RevokeOwnerInvitation($id: ID!) {
  revokeOwnerInvitation(input: {id: $id}) {
    __typename
    ... on OwnerInvitationRevoked {
      invitation {
        id
        state
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeOwnerInvitationMutation, RevokeOwnerInvitationMutationVariables>;
export const TakeOwnerInvitationLinkDocument = new TypedDocumentString(`
    mutation TakeOwnerInvitationLink($signOffId: ID!) {
  takeOwnerInvitationLink(signOffId: $signOffId) {
    __typename
    ... on OwnerInvitationLink {
      token
      invitation {
        id
        expiresAt
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<TakeOwnerInvitationLinkMutation, TakeOwnerInvitationLinkMutationVariables>;
export const ApprovalPoliciesDocument = new TypedDocumentString(`
    query ApprovalPolicies {
  approvalPolicies {
    op
    approvalsRequired
    isDefault
    setBy {
      id
      email
    }
  }
}
    `) as unknown as TypedDocumentString<ApprovalPoliciesQuery, ApprovalPoliciesQueryVariables>;
export const SetApprovalsRequiredDocument = new TypedDocumentString(`
    mutation SetApprovalsRequired($input: SetApprovalsRequiredInput!) {
  setApprovalsRequired(input: $input) {
    __typename
    ... on ApprovalPolicySet {
      policy {
        op
        approvalsRequired
      }
    }
    ... on ApprovalPolicyChangeProposed {
      existing
      signOff {
        id
        state
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<SetApprovalsRequiredMutation, SetApprovalsRequiredMutationVariables>;
export const ManifestNamesDocument = new TypedDocumentString(`
    query ManifestNames($first: Int!, $after: String) {
  manifestNames(first: $first, after: $after) {
    nodes
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ManifestNamesQuery, ManifestNamesQueryVariables>;
export const ManifestVersionsDocument = new TypedDocumentString(`
    query ManifestVersions($name: String!, $first: Int!, $after: String) {
  manifestVersions(name: $name, first: $first, after: $after) {
    nodes {
      version
      digest
      signed
      publishedAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ManifestVersionsQuery, ManifestVersionsQueryVariables>;
export const ManifestVerifiedDocument = new TypedDocumentString(`
    query ManifestVerified($name: String!, $version: String!) {
  manifest(name: $name, version: $version) {
    name
    version
    verified
  }
}
    `) as unknown as TypedDocumentString<ManifestVerifiedQuery, ManifestVerifiedQueryVariables>;
export const ManifestDocument = new TypedDocumentString(`
    query Manifest($name: String!, $version: String!) {
  manifest(name: $name, version: $version) {
    name
    version
    digest
    content
    canonical
    format
    attestation {
      keyId
      signature
    }
    verified
    publishedAt
  }
}
    `) as unknown as TypedDocumentString<ManifestQuery, ManifestQueryVariables>;
export const VerifyManifestDocument = new TypedDocumentString(`
    query VerifyManifest($name: String!, $version: String!) {
  manifest(name: $name, version: $version, verify: true) {
    name
    version
    digest
    attestation {
      keyId
    }
    verified
  }
}
    `) as unknown as TypedDocumentString<VerifyManifestQuery, VerifyManifestQueryVariables>;
export const SigningKeysDocument = new TypedDocumentString(`
    query SigningKeys($first: Int!, $after: String) {
  signingKeys(first: $first, after: $after) {
    nodes {
      ...SigningKeyFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SigningKeyFields on SigningKey {
  keyId
  name
  createdAt
  revokedAt
}`) as unknown as TypedDocumentString<SigningKeysQuery, SigningKeysQueryVariables>;
export const RegisterSigningKeyDocument = new TypedDocumentString(`
    mutation RegisterSigningKey($input: RegisterSigningKeyInput!) {
  registerSigningKey(input: $input) {
    __typename
    ... on SigningKeyRegistered {
      existing
      key {
        ...SigningKeyFields
      }
    }
  }
}
    fragment SigningKeyFields on SigningKey {
  keyId
  name
  createdAt
  revokedAt
}`) as unknown as TypedDocumentString<RegisterSigningKeyMutation, RegisterSigningKeyMutationVariables>;
export const RevokeSigningKeyDocument = new TypedDocumentString(`
    mutation RevokeSigningKey($input: RevokeSigningKeyInput!) {
  revokeSigningKey(input: $input) {
    __typename
    ... on SigningKeyRevoked {
      key {
        ...SigningKeyFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment SigningKeyFields on SigningKey {
  keyId
  name
  createdAt
  revokedAt
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeSigningKeyMutation, RevokeSigningKeyMutationVariables>;
export const RepositoriesDocument = new TypedDocumentString(`
    query Repositories($first: Int!, $after: String) {
  repositories(first: $first, after: $after) {
    nodes {
      ...RepositoryFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment RepositoryFields on Repository {
  id
  name
  code
  state
  createdAt
}`) as unknown as TypedDocumentString<RepositoriesQuery, RepositoriesQueryVariables>;
export const CreateRepositoryDocument = new TypedDocumentString(`
    mutation CreateRepository($input: CreateRepositoryInput!) {
  createRepository(input: $input) {
    __typename
    ... on RepositoryCreated {
      repository {
        ...RepositoryFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment RepositoryFields on Repository {
  id
  name
  code
  state
  createdAt
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<CreateRepositoryMutation, CreateRepositoryMutationVariables>;
export const ReauthenticateDocument = new TypedDocumentString(`
    mutation Reauthenticate($input: ReauthenticateInput!) {
  reauthenticate(input: $input) {
    __typename
    ... on Reauthenticated {
      until
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<ReauthenticateMutation, ReauthenticateMutationVariables>;
export const SessionDocument = new TypedDocumentString(`
    query Session {
  viewer {
    __typename
    ... on Owner {
      id
      email
      tenant {
        id
        name
      }
    }
    ... on Agent {
      id
      name
    }
  }
  setupStatus {
    needed
  }
}
    `) as unknown as TypedDocumentString<SessionQuery, SessionQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($input: SignInInput!) {
  signIn(input: $input) {
    __typename
    ... on SignedIn {
      owner {
        id
        email
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  signOut {
    __typename
  }
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const SetupFirstOwnerDocument = new TypedDocumentString(`
    mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {
  setupFirstOwner(input: $input) {
    __typename
    ... on SetupCompleted {
      owner {
        id
        email
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<SetupFirstOwnerMutation, SetupFirstOwnerMutationVariables>;
export const OwnerInvitationPreviewDocument = new TypedDocumentString(`
    query OwnerInvitationPreview($token: String!) {
  ownerInvitation(token: $token) {
    tenant {
      id
      name
    }
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<OwnerInvitationPreviewQuery, OwnerInvitationPreviewQueryVariables>;
export const AcceptOwnerInvitationDocument = new TypedDocumentString(`
    mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {
  acceptOwnerInvitation(input: $input) {
    __typename
    ... on OwnerInvitationAccepted {
      owner {
        id
        email
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<AcceptOwnerInvitationMutation, AcceptOwnerInvitationMutationVariables>;
export const MoneyRiskThresholdsDocument = new TypedDocumentString(`
    query MoneyRiskThresholds {
  moneyRiskThresholds {
    currency
    minorUnits
  }
}
    `) as unknown as TypedDocumentString<MoneyRiskThresholdsQuery, MoneyRiskThresholdsQueryVariables>;
export const SetMoneyRiskThresholdDocument = new TypedDocumentString(`
    mutation SetMoneyRiskThreshold($input: SetMoneyRiskThresholdInput!) {
  setMoneyRiskThreshold(input: $input) {
    __typename
    ... on MoneyRiskThresholdSet {
      thresholds {
        currency
        minorUnits
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<SetMoneyRiskThresholdMutation, SetMoneyRiskThresholdMutationVariables>;
export const WebhookEndpointsDocument = new TypedDocumentString(`
    query WebhookEndpoints {
  webhookEndpoints {
    ...WebhookEndpointFields
  }
}
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}`) as unknown as TypedDocumentString<WebhookEndpointsQuery, WebhookEndpointsQueryVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($id: ID!, $first: Int) {
  webhookEndpoint(id: $id) {
    id
    deliveries(first: $first) {
      ...WebhookDeliveryFields
    }
  }
}
    fragment WebhookDeliveryFields on WebhookDelivery {
  id
  event
  createdAt
  state
  attempts
  lastAttemptAt
  status
  latencyMs
  responseSnippet
}`) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookEndpointDocument = new TypedDocumentString(`
    mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    __typename
    ... on WebhookEndpointCreated {
      secret
      endpoint {
        ...WebhookEndpointFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const RotateEndpointSecretDocument = new TypedDocumentString(`
    mutation RotateEndpointSecret($endpointId: ID!) {
  rotateWebhookSecret(endpointId: $endpointId) {
    __typename
    ... on WebhookEndpointSecretRotated {
      secret
      endpoint {
        ...WebhookEndpointFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RotateEndpointSecretMutation, RotateEndpointSecretMutationVariables>;
export const DisableWebhookEndpointDocument = new TypedDocumentString(`
    mutation DisableWebhookEndpoint($id: ID!) {
  disableWebhookEndpoint(id: $id) {
    __typename
    ... on WebhookEndpointChanged {
      endpoint {
        ...WebhookEndpointFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<DisableWebhookEndpointMutation, DisableWebhookEndpointMutationVariables>;
export const EnableWebhookEndpointDocument = new TypedDocumentString(`
    mutation EnableWebhookEndpoint($id: ID!) {
  enableWebhookEndpoint(id: $id) {
    __typename
    ... on WebhookEndpointChanged {
      endpoint {
        ...WebhookEndpointFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment WebhookEndpointFields on WebhookEndpoint {
  id
  url
  format
  events
  description
  createdAt
  disabledAt
  disabledReason
  failingSince
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<EnableWebhookEndpointMutation, EnableWebhookEndpointMutationVariables>;
export const DeleteWebhookEndpointDocument = new TypedDocumentString(`
    mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id) {
    __typename
    ... on WebhookEndpointDeleted {
      id
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook($id: ID!) {
  sendTestWebhook(id: $id) {
    __typename
    ... on TestWebhookSent {
      delivery {
        ...WebhookDeliveryFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment WebhookDeliveryFields on WebhookDelivery {
  id
  event
  createdAt
  state
  attempts
  lastAttemptAt
  status
  latencyMs
  responseSnippet
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const NotificationSettingsDocument = new TypedDocumentString(`
    query NotificationSettings {
  notificationSettings {
    ...NotificationSettingsFields
  }
}
    fragment NotificationSettingsFields on NotificationSettings {
  emailAvailable
  emailAddress
  email {
    event
    mode
    digestMinutes
  }
}`) as unknown as TypedDocumentString<NotificationSettingsQuery, NotificationSettingsQueryVariables>;
export const PushPublicKeyDocument = new TypedDocumentString(`
    query PushPublicKey {
  notificationSettings {
    pushPublicKey
  }
}
    `) as unknown as TypedDocumentString<PushPublicKeyQuery, PushPublicKeyQueryVariables>;
export const SetEmailPreferenceDocument = new TypedDocumentString(`
    mutation SetEmailPreference($input: SetEmailPreferenceInput!) {
  setEmailPreference(input: $input) {
    ...NotificationSettingsFields
  }
}
    fragment NotificationSettingsFields on NotificationSettings {
  emailAvailable
  emailAddress
  email {
    event
    mode
    digestMinutes
  }
}`) as unknown as TypedDocumentString<SetEmailPreferenceMutation, SetEmailPreferenceMutationVariables>;
export const PushDevicesDocument = new TypedDocumentString(`
    query PushDevices {
  pushDevices {
    id
    name
    createdAt
    lastUsedAt
  }
}
    `) as unknown as TypedDocumentString<PushDevicesQuery, PushDevicesQueryVariables>;
export const RegisterPushDeviceDocument = new TypedDocumentString(`
    mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
  registerPushDevice(input: $input) {
    __typename
    ... on PushDeviceRegistered {
      device {
        id
        name
      }
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RegisterPushDeviceMutation, RegisterPushDeviceMutationVariables>;
export const RemovePushDeviceDocument = new TypedDocumentString(`
    mutation RemovePushDevice($id: ID!) {
  removePushDevice(id: $id) {
    __typename
    ... on PushDeviceRemoved {
      id
    }
    ...DomainErrorFields
  }
}
    fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RemovePushDeviceMutation, RemovePushDeviceMutationVariables>;
export const OwnerTokensDocument = new TypedDocumentString(`
    query OwnerTokens($first: Int!, $after: String) {
  ownerTokens(first: $first, after: $after) {
    nodes {
      ...OwnerTokenFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment OwnerTokenFields on OwnerToken {
  id
  name
  scope
  createdAt
  lastUsedAt
  revokedAt
}`) as unknown as TypedDocumentString<OwnerTokensQuery, OwnerTokensQueryVariables>;
export const CreateOwnerTokenDocument = new TypedDocumentString(`
    mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {
  createOwnerToken(input: $input) {
    __typename
    ... on OwnerTokenCreated {
      token
      ownerToken {
        ...OwnerTokenFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment OwnerTokenFields on OwnerToken {
  id
  name
  scope
  createdAt
  lastUsedAt
  revokedAt
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<CreateOwnerTokenMutation, CreateOwnerTokenMutationVariables>;
export const RevokeOwnerTokenDocument = new TypedDocumentString(`
    mutation RevokeOwnerToken($id: ID!) {
  revokeOwnerToken(id: $id) {
    __typename
    ... on OwnerTokenRevoked {
      ownerToken {
        ...OwnerTokenFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment OwnerTokenFields on OwnerToken {
  id
  name
  scope
  createdAt
  lastUsedAt
  revokedAt
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeOwnerTokenMutation, RevokeOwnerTokenMutationVariables>;
export const SecondOwnerJoinDocument = new TypedDocumentString(`
    query SecondOwnerJoin {
  secondOwnerJoin {
    joinedAt
    owner {
      id
      email
    }
    revokedInvitations {
      id
      note
      createdAt
    }
    resetPolicies {
      op
      approvalsRequired
      setAt
    }
  }
}
    `) as unknown as TypedDocumentString<SecondOwnerJoinQuery, SecondOwnerJoinQueryVariables>;
export const HistorySignOffsDocument = new TypedDocumentString(`
    query HistorySignOffs($state: SignOffState, $agent: ID, $requestedFrom: DateTime, $requestedTo: DateTime, $byRule: Boolean, $first: Int, $after: String) {
  signOffs(
    state: $state
    decided: true
    agent: $agent
    requestedFrom: $requestedFrom
    requestedTo: $requestedTo
    byRule: $byRule
    first: $first
    after: $after
  ) {
    nodes {
      ...SignOffFields
      secretState
      secretExpiresAt
      deniedBy {
        id
        email
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}`) as unknown as TypedDocumentString<HistorySignOffsQuery, HistorySignOffsQueryVariables>;
export const SignOffRulesDocument = new TypedDocumentString(`
    query SignOffRules($first: Int!, $after: String) {
  signOffRules(first: $first, after: $after) {
    nodes {
      ...SignOffRuleFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SignOffRuleFields on SignOffRule {
  id
  op
  opVersion
  state
  maxApprovals
  remaining
  approvedCount
  endsAt
  createdAt
  revokedAt
  revokeReason
  agent {
    id
    name
  }
  repository {
    id
    name
  }
  constraints {
    field
    kind
    equals
    oneOf
    atMost
    prefix
  }
}`) as unknown as TypedDocumentString<SignOffRulesQuery, SignOffRulesQueryVariables>;
export const RememberSignOffDocument = new TypedDocumentString(`
    mutation RememberSignOff($input: DecideSignOffInput!) {
  decideSignOff(input: $input) {
    ...DecisionResult
    ... on SignOffDecided {
      rule {
        ...SignOffRuleFields
      }
    }
  }
}
    fragment SignOffRuleFields on SignOffRule {
  id
  op
  opVersion
  state
  maxApprovals
  remaining
  approvedCount
  endsAt
  createdAt
  revokedAt
  revokeReason
  agent {
    id
    name
  }
  repository {
    id
    name
  }
  constraints {
    field
    kind
    equals
    oneOf
    atMost
    prefix
  }
}
fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}
fragment DecisionResult on DecideSignOffResult {
  __typename
  ... on SignOffDecided {
    signOff {
      ...SignOffFields
    }
  }
  ... on SignOffClosed {
    signOff {
      ...SignOffFields
    }
  }
  ... on SecondApproverRequired {
    signOff {
      ...SignOffFields
    }
  }
  ...DomainErrorFields
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RememberSignOffMutation, RememberSignOffMutationVariables>;
export const RevokeSignOffRuleDocument = new TypedDocumentString(`
    mutation RevokeSignOffRule($id: ID!, $reason: String!) {
  revokeSignOffRule(id: $id, reason: $reason) {
    __typename
    ... on SignOffRuleRevoked {
      rule {
        ...SignOffRuleFields
      }
    }
    ...DomainErrorFields
  }
}
    fragment SignOffRuleFields on SignOffRule {
  id
  op
  opVersion
  state
  maxApprovals
  remaining
  approvedCount
  endsAt
  createdAt
  revokedAt
  revokeReason
  agent {
    id
    name
  }
  repository {
    id
    name
  }
  constraints {
    field
    kind
    equals
    oneOf
    atMost
    prefix
  }
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<RevokeSignOffRuleMutation, RevokeSignOffRuleMutationVariables>;
export const SignOffsDocument = new TypedDocumentString(`
    query SignOffs($state: SignOffState, $decided: Boolean, $first: Int, $after: String) {
  signOffs(state: $state, decided: $decided, first: $first, after: $after) {
    nodes {
      ...SignOffFields
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}`) as unknown as TypedDocumentString<SignOffsQuery, SignOffsQueryVariables>;
export const SignOffDocument = new TypedDocumentString(`
    query SignOff($id: ID!) {
  signOff(id: $id) {
    ...SignOffFields
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}`) as unknown as TypedDocumentString<SignOffQuery, SignOffQueryVariables>;
export const DecideSignOffDocument = new TypedDocumentString(`
    mutation DecideSignOff($input: DecideSignOffInput!) {
  decideSignOff(input: $input) {
    ...DecisionResult
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}
fragment DecisionResult on DecideSignOffResult {
  __typename
  ... on SignOffDecided {
    signOff {
      ...SignOffFields
    }
  }
  ... on SignOffClosed {
    signOff {
      ...SignOffFields
    }
  }
  ... on SecondApproverRequired {
    signOff {
      ...SignOffFields
    }
  }
  ...DomainErrorFields
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<DecideSignOffMutation, DecideSignOffMutationVariables>;
export const DecideSignOffsDocument = new TypedDocumentString(`
    mutation DecideSignOffs($input: DecideSignOffsInput!) {
  decideSignOffs(input: $input) {
    ...DecisionResult
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  operation {
    op
    version
    runner
    inputSchema
    effectTemplate
    fieldOrder
  }
  description
  irreversible
  risk
  riskReasons
  agent {
    id
    name
  }
  proposedBy {
    id
    email
  }
  approvalsRequired
  approvals {
    owner {
      id
      email
    }
    approvedAt
    note
  }
  secretState
  repository {
    id
    name
  }
  input
  inputCanonical
  inputHash
  requestedInput
  changedByOwner
  summary
  reason
  state
  requestedAt
  expiresAt
  decidedAt
  note
  finishedAt
  result
  failure
  redeemBy
  redeemedAt
  deliveryAttempts {
    attempt
    at
    status
    latencyMs
    error
  }
  approvedByRule {
    id
    maxApprovals
    approvedCount
  }
}
fragment DecisionResult on DecideSignOffResult {
  __typename
  ... on SignOffDecided {
    signOff {
      ...SignOffFields
    }
  }
  ... on SignOffClosed {
    signOff {
      ...SignOffFields
    }
  }
  ... on SecondApproverRequired {
    signOff {
      ...SignOffFields
    }
  }
  ...DomainErrorFields
}
fragment DomainErrorFields on DomainError {
  code
  message
}`) as unknown as TypedDocumentString<DecideSignOffsMutation, DecideSignOffsMutationVariables>;
export const PendingSignOffCountDocument = new TypedDocumentString(`
    query PendingSignOffCount {
  pendingSignOffCount
}
    `) as unknown as TypedDocumentString<PendingSignOffCountQuery, PendingSignOffCountQueryVariables>;
export const SignOffEventsDocument = new TypedDocumentString(`
    subscription SignOffEvents {
  signOffEvents {
    signOff {
      id
      state
    }
  }
}
    `) as unknown as TypedDocumentString<SignOffEventsSubscription, SignOffEventsSubscriptionVariables>;