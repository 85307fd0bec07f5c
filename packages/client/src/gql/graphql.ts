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
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The key's first characters, to tell keys apart; never the key. */
  keyPrefix: Scalars['String']['output'];
  name: Scalars['String']['output'];
  owner: Owner;
  revoked: Scalars['Boolean']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
};

export type AgentConnection = {
  nodes: Array<Agent>;
  pageInfo: PageInfo;
};

export type AgentCreated = {
  agent: Agent;
  /** The agent's bearer key. Shown this once: only its hash is kept. */
  key: Scalars['String']['output'];
};

export type AgentEvent = {
  agent: Agent;
  kind: AgentEventKind;
};

export type AgentEventKind =
  | 'CREATED'
  /** The agent's key was replaced; the old one no longer works. */
  | 'KEY_ROTATED'
  | 'REVOKED';

export type AgentKeyRotated = {
  agent: Agent;
  /** The agent's new bearer key, shown this once; the old key stopped working. */
  key: Scalars['String']['output'];
};

export type AgentOAuthClientCreated = {
  agent: Agent;
  /** The client's id, for OpenID CIBA's backchannel and token endpoints (docs/oauth.md, OA7). */
  clientId: Scalars['String']['output'];
  /** Its secret (HTTP Basic), shown this once; only its SHA-256 is kept. */
  clientSecret: Scalars['String']['output'];
};

export type AgentRevoked = {
  agent: Agent;
};

export type AlreadyRedeemed = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/** Amounts in the dimensions an authority can cap. */
export type Amounts = {
  draws: Maybe<Scalars['Amount']['output']>;
  minorUnits: Maybe<Scalars['Amount']['output']>;
  tokens: Maybe<Scalars['Amount']['output']>;
};

/** How many approvals an operation's requests need (docs/sign-offs.md, S20). */
export type ApprovalPolicy = {
  /** 1, or 2: two approvals from two different owners of the tenant. */
  approvalsRequired: Scalars['Int']['output'];
  /**
   * True when no owner set it: repository.delete, repository.transfer and
   * authority.grant need 2 in a tenant of more than one owner, every other operation 1.
   */
  isDefault: Scalars['Boolean']['output'];
  /** A built-in or one of the tenant's defined operations. */
  op: Scalars['String']['output'];
  setAt: Maybe<Scalars['DateTime']['output']>;
  /** The owner who set it (who proposed it, when a second owner approved the change); null for a default. */
  setBy: Maybe<Owner>;
};

/**
 * Lowering in a tenant of two or more owners takes a second owner's approval:
 * this owner-to-owner request (op `tenant.changePolicy`, already approved by
 * its proposer, PARTIALLY_APPROVED) waits for it, and applies the change when
 * another owner approves it (docs/sign-offs.md, S21). Nothing changed yet.
 */
export type ApprovalPolicyChangeProposed = {
  /** True when the same change was waiting already: it is returned instead of a second request. */
  existing: Scalars['Boolean']['output'];
  signOff: SignOff;
};

/** The setting after the change; requests asked from now on need this many approvals. */
export type ApprovalPolicySet = {
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
  createdAt: Scalars['DateTime']['output'];
  kid: Scalars['String']['output'];
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: Scalars['String']['output'];
  /** Null for the key signing now. */
  retiredAt: Maybe<Scalars['DateTime']['output']>;
};

export type AuditLogPage = {
  /** Oldest first. */
  nodes: Array<AuditEntry>;
  pageInfo: PageInfo;
};

/**
 * A ceiling an owner grants one of their agents to spend against. Its terms
 * never change: a change is a new authority, and both stay on record.
 */
export type Authority = {
  agent: Agent;
  /** Ceilings; a dimension left null is not capped. */
  ceiling: Amounts;
  createdAt: Scalars['DateTime']['output'];
  /** ISO 4217 code of `minorUnits`. */
  currency: Maybe<Scalars['String']['output']>;
  drawn: Amounts;
  /**
   * The authority.grant request whose approval issued it; null when the owner
   * issued it directly.
   */
  grantedBy: Maybe<SignOff>;
  id: Scalars['ID']['output'];
  issuedBy: Owner;
  /** When the latest draw landed; null before the first. */
  lastDrawnAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  notAfter: Maybe<Scalars['DateTime']['output']>;
  notBefore: Maybe<Scalars['DateTime']['output']>;
  perDrawMinorUnits: Maybe<Scalars['Amount']['output']>;
  perDrawTokens: Maybe<Scalars['Amount']['output']>;
  /** Receipts, newest first. */
  receipts: ReceiptConnection;
  /** What is left under each ceiling; null where there is none. */
  remaining: Amounts;
  revokeReason: Maybe<Scalars['String']['output']>;
  revokedAt: Maybe<Scalars['DateTime']['output']>;
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
  nodes: Array<Authority>;
  pageInfo: PageInfo;
};

export type AuthorityEvent = {
  authority: Authority;
};

export type AuthorityIssued = {
  authority: Authority;
  /** True when identical terms were already issued under this id. */
  existing: Scalars['Boolean']['output'];
};

export type AuthorityRevoked = {
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
  at: Scalars['DateTime']['output'];
  attempt: Scalars['Int']['output'];
  /** Why the attempt failed (timeout, refused connection, the answer's first bytes). */
  error: Maybe<Scalars['String']['output']>;
  latencyMs: Scalars['Int']['output'];
  /** The endpoint's HTTP status; null when no answer came. */
  status: Maybe<Scalars['Int']['output']>;
};

/** The dispatch key already drew a different amount; nothing was drawn. */
export type DispatchKeyReused = DomainError & {
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
  /** The digest's period, when `mode` is DIGEST. */
  digestMinutes: Maybe<Scalars['Int']['output']>;
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
  code: ErrorCode;
  message: Scalars['String']['output'];
  remaining: Amounts;
};

export type Expired = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type GrantLapsed = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

export type InputMismatch = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type InvalidCredentials = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/**
 * The invitation link was used already, has expired, was revoked, or is not one.
 * Nothing was created.
 */
export type InvitationInvalid = DomainError & {
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
  code: ErrorCode;
  limit: LimitName;
  /** The cap: how many may be live at once. */
  max: Scalars['Int']['output'];
  message: Scalars['String']['output'];
};

/** One immutable name@version of an agent manifest. */
export type Manifest = {
  attestation: Maybe<ManifestAttestation>;
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
  keyId: Scalars['ID']['output'];
  /** Base64 Ed25519 signature over "countersign-manifest-v1\n" followed by the digest in hex. */
  signature: Scalars['String']['output'];
};

export type ManifestFormat =
  | 'JSON'
  | 'YAML';

export type ManifestNameConnection = {
  nodes: Array<Scalars['String']['output']>;
  pageInfo: PageInfo;
};

export type ManifestPublished = {
  manifest: Manifest;
  verdict: PublishVerdict;
};

export type ManifestVersion = {
  digest: Scalars['String']['output'];
  /** The attesting key, when signed. */
  keyId: Maybe<Scalars['ID']['output']>;
  publishedAt: Scalars['DateTime']['output'];
  signed: Scalars['Boolean']['output'];
  /** True when the attestation verifies now (as `Manifest.verified`). */
  verified: Scalars['Boolean']['output'];
  version: Scalars['String']['output'];
};

export type ManifestVersionConnection = {
  nodes: Array<ManifestVersion>;
  pageInfo: PageInfo;
};

export type ManifestVersionTaken = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The digest stored under this name@version. */
  storedDigest: Scalars['String']['output'];
};

/** The owner's thresholds after the change. */
export type MoneyRiskThresholdSet = {
  thresholds: Array<MoneyThreshold>;
};

/**
 * An owner's money threshold for one currency: an agent's request whose input
 * carries a money object (`{minorUnits, currency}`, anywhere in it) above it is
 * HIGH risk when it is stored (docs/sign-offs.md, S15).
 */
export type MoneyThreshold = {
  /** ISO 4217 code, e.g. EUR. */
  currency: Scalars['String']['output'];
  /** In the currency's minor units (cents for EUR; yen for JPY). An amount above it raises; one equal to it does not. */
  minorUnits: Scalars['Amount']['output'];
};

export type Mutation = {
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
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** A batch may approve only LOW-risk requests: this one was left pending (decide it on its own). */
export type NotBatchable = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
  signOff: SignOff;
};

/**
 * The id does not name anything this principal may see (including another
 * tenant's ids, which never read as forbidden).
 */
export type NotFound = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type NotYetValid = DomainError & {
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
  /** When this version was defined; null for the built-ins. */
  definedAt: Maybe<Scalars['DateTime']['output']>;
  description: Maybe<Scalars['String']['output']>;
  /**
   * A defined version's sentence for a request, `{name}` places filled from
   * its input (`DefineOperationInput.effectTemplate`); null for the built-ins
   * and when the owner gave none.
   */
  effectTemplate: Maybe<Scalars['String']['output']>;
  /**
   * The order a defined version's fields are shown in, first to last; null:
   * the schema's order (for the built-ins too).
   */
  fieldOrder: Maybe<Array<Scalars['String']['output']>>;
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
  webhookUrl: Maybe<Scalars['String']['output']>;
};

export type OperationDefined = {
  /** False when the definition was identical to the latest version, which is returned. */
  created: Scalars['Boolean']['output'];
  operation: Operation;
  /**
   * The webhook signing secret (`whsec_…`), only when this call created it:
   * shown once, never readable again (rotate it to get a new one).
   */
  webhookSecret: Maybe<Scalars['String']['output']>;
};

/** The operation was retired: no new requests for it are taken. */
export type OperationRetired = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type OperationRetirement = {
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
  acceptedAt: Maybe<Scalars['DateTime']['output']>;
  /** The owner who joined with it. */
  acceptedBy: Maybe<Owner>;
  createdAt: Scalars['DateTime']['output'];
  /** 72 hours after it was created. */
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invitedBy: Owner;
  /** The inviting owners' label, e.g. "for Dana". */
  note: Maybe<Scalars['String']['output']>;
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  /** The owner-to-owner sign-off a second owner approved to create it, if any. */
  signOff: Maybe<SignOff>;
  state: OwnerInvitationState;
};

export type OwnerInvitationAccepted = {
  owner: Owner;
};

/** The link of an invitation a second owner approved: for the proposer, once. */
export type OwnerInvitationLink = {
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/** What an invitation link's holder may see before accepting it. */
export type OwnerInvitationPreview = {
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
  signOff: SignOff;
};

export type OwnerInvitationRevoked = {
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
  invitation: OwnerInvitation;
  token: Scalars['String']['output'];
};

/**
 * A bearer token a script uses to act for its owner without a browser
 * ("Authorization: Bearer cso_…"). Only its hash is kept.
 */
export type OwnerToken = {
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** When a request last came with it (updated at most once a minute). */
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  /** Set once revoked: from then on the token is refused, on every instance. */
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  scope: OwnerTokenScope;
};

export type OwnerTokenConnection = {
  nodes: Array<OwnerToken>;
  pageInfo: PageInfo;
};

export type OwnerTokenCreated = {
  ownerToken: OwnerToken;
  /** The bearer token. Shown this once: only its hash is kept. */
  token: Scalars['String']['output'];
};

export type OwnerTokenRevoked = {
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
  /** Pass as `after` to read the next page. */
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type PerDrawCapExceeded = DomainError & {
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
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** When a notification last reached its push service. */
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

export type PushDeviceRegistered = {
  device: PushDevice;
};

export type PushDeviceRemoved = {
  id: Scalars['ID']['output'];
};

export type PushKeysInput = {
  auth: Scalars['String']['input'];
  p256dh: Scalars['String']['input'];
};

export type Query = {
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
  auditHead: Maybe<SignedAuditHead>;
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
  authority: Maybe<Authority>;
  /**
   * One version. With `verify: true`, a missing, wrong or revoked-key
   * signature fails the query with BAD_ATTESTATION and says which.
   */
  manifest: Maybe<Manifest>;
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
  operation: Maybe<Operation>;
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
  ownerInvitation: Maybe<OwnerInvitationPreview>;
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
  secondOwnerJoin: Maybe<SecondOwnerJoin>;
  setupStatus: SetupStatus;
  /** One request: the owner's, or the asking agent's own. */
  signOff: Maybe<SignOff>;
  signOffRule: Maybe<SignOffRule>;
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
  viewer: Maybe<Principal>;
  /** One of the owner's webhook endpoints. Needs READ. */
  webhookEndpoint: Maybe<WebhookEndpoint>;
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
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One landed draw. */
export type Receipt = {
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
  nodes: Array<Receipt>;
  pageInfo: PageInfo;
};

/**
 * The owner denied this same request (same operation, repository and input)
 * less than `coolDownMinutes` ago: asking again is refused until `retryAfter`,
 * so an agent looping on a denial stops paging its owner. Nothing is stored.
 */
export type RecentlyDenied = DomainError & {
  code: ErrorCode;
  /** The cool-down, in minutes (10). */
  coolDownMinutes: Scalars['Int']['output'];
  deniedAt: Scalars['DateTime']['output'];
  /** The request the owner denied. */
  deniedSignOffId: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  /** The owner's note on the denial, if any. */
  note: Maybe<Scalars['String']['output']>;
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
  /**
   * A random identity, new each time a repository is created: a repository
   * deleted and re-created under the same name has a new code.
   */
  code: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  deletedAt: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Unique among the owner's live repositories. */
  name: Scalars['String']['output'];
  owner: Owner;
  state: RepositoryState;
};

export type RepositoryConnection = {
  nodes: Array<Repository>;
  pageInfo: PageInfo;
};

export type RepositoryCreated = {
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
  /** AT_MOST: the field must be a number no greater than this. */
  atMost: Maybe<Scalars['Float']['output']>;
  /** EQUALS: the field must hold exactly this value (compared as canonical JSON). */
  equals: Maybe<Scalars['JSON']['output']>;
  field: Scalars['String']['output'];
  kind: RuleConstraintKind;
  /** ONE_OF: the field must hold one of these values. */
  oneOf: Maybe<Array<Scalars['JSON']['output']>>;
  /** PREFIX: the field must be a string starting with this. */
  prefix: Maybe<Scalars['String']['output']>;
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
  joinedAt: Scalars['DateTime']['output'];
  /** The owner who joined second. */
  owner: Owner;
  resetPolicies: Array<ResetApprovalPolicy>;
  revokedInvitations: Array<OwnerInvitation>;
};

export type SecretUnavailable = DomainError & {
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
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type SetupCompleted = {
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
  /** True until the first owner exists; the console then offers its setup page. */
  needed: Scalars['Boolean']['output'];
};

export type SignAuditHeadPayload = {
  /** The head as signed; null when the tenant's log has no entry yet. */
  head: Maybe<SignedAuditHead>;
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
  /**
   * The agent that asked; null for an owner-to-owner request (`tenant.*`),
   * which `proposedBy` filed.
   */
  agent: Maybe<Agent>;
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
  approvedByRule: Maybe<SignOffRule>;
  /**
   * Whether an owner approved (or half-approved) an input other than the one
   * the agent asked: then `input` is what runs, and an agent acts on it, never
   * on its own.
   */
  changedByOwner: Scalars['Boolean']['output'];
  decidedAt: Maybe<Scalars['DateTime']['output']>;
  /** WEBHOOK operations: every delivery attempt, oldest first (owner only; empty for agents). */
  deliveryAttempts: Array<DeliveryAttempt>;
  /**
   * The owner who denied the request: any owner of the tenant may deny one
   * needing two approvals, the first approver too (S20); one needing one is
   * its owner's to decide. Null unless an owner denied it, and always null
   * for agents.
   */
  deniedBy: Maybe<Owner>;
  /** What the operation does, in words, for the owner. */
  description: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  /**
   * Why an approved request did not run, or "agent revoked" when the asking
   * agent was revoked while the request was open (state WITHDRAWN).
   */
  failure: Maybe<Scalars['String']['output']>;
  finishedAt: Maybe<Scalars['DateTime']['output']>;
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
  note: Maybe<Scalars['String']['output']>;
  op: Scalars['String']['output'];
  /** The version of the operation the request was asked under (1 for the built-ins). */
  opVersion: Scalars['Int']['output'];
  /** That version of the operation: its schema, risk and runner. */
  operation: Operation;
  /**
   * The owner who filed an owner-to-owner request (`tenant.changePolicy`,
   * `tenant.inviteOwner`) for a second owner's approval; null when an agent asked.
   */
  proposedBy: Maybe<Owner>;
  /** Why the agent asks. */
  reason: Maybe<Scalars['String']['output']>;
  /** AGENT operations: until when the approval may be redeemed (24 hours after it). */
  redeemBy: Maybe<Scalars['DateTime']['output']>;
  /** AGENT operations: when the agent redeemed its grant. */
  redeemedAt: Maybe<Scalars['DateTime']['output']>;
  /** The repository the deed acts on; null for operations on none (authority.grant). */
  repository: Maybe<Repository>;
  requestedAt: Scalars['DateTime']['output'];
  /**
   * The input the agent asked for, canonical; never changes. Asking again with
   * it finds this request while it is open (S2).
   */
  requestedInput: Scalars['JSON']['output'];
  /** SHA-256 of the canonical `requestedInput`, hex. */
  requestedInputHash: Scalars['String']['output'];
  /** What the operation answered (its non-secret fields). */
  result: Maybe<Scalars['JSON']['output']>;
  /**
   * How dangerous approving it is, decided by the server when the request was
   * stored, from its operation and its exact input (docs/sign-offs.md, S15).
   */
  risk: Risk;
  /** Why the risk is what it is, in words for the owner (empty when LOW). */
  riskReasons: Array<Scalars['String']['output']>;
  secretExpiresAt: Maybe<Scalars['DateTime']['output']>;
  secretState: SignOffSecretState;
  state: SignOffState;
  /** The agent's one-line summary. */
  summary: Scalars['String']['output'];
};

/** One owner's approval of a request that needs two (docs/sign-offs.md, S20). */
export type SignOffApproval = {
  approvedAt: Scalars['DateTime']['output'];
  /** The note the owner gave with this approval. */
  note: Maybe<Scalars['String']['output']>;
  owner: Owner;
};

export type SignOffClosed = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
  /** The request as it stands (decided, withdrawn or expired). */
  signOff: SignOff;
};

export type SignOffConnection = {
  nodes: Array<SignOff>;
  pageInfo: PageInfo;
};

export type SignOffDecided = {
  /** The rule made with the approval, when `remember` was given. */
  rule: Maybe<SignOffRule>;
  /**
   * After an approval of a SERVER operation, the request has already run:
   * SUCCEEDED or FAILED; or WITHDRAWN if the asking agent's revocation
   * committed before its deed ran. An AGENT operation is AWAITING_REDEEM, a
   * WEBHOOK one DELIVERING.
   */
  signOff: SignOff;
};

export type SignOffEvent = {
  signOff: SignOff;
};

export type SignOffOutcomeReported = {
  signOff: SignOff;
};

export type SignOffRedeemed = {
  /**
   * A compact JWS (EdDSA) any service can verify offline against
   * `/.well-known/jwks.json`: iss, sub (the request id), op, opVersion,
   * inputHash, agent, approvedBy, tenant, iat, exp (15 minutes), jti.
   */
  approval: Scalars['String']['output'];
  signOff: SignOff;
};

export type SignOffRequested = {
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
  opVersion: Maybe<Scalars['Int']['output']>;
  /** Approvals left. */
  remaining: Scalars['Int']['output'];
  /** The only repository it covers; null: any of the owner's (or an operation on none). */
  repository: Maybe<Repository>;
  revokeReason: Maybe<Scalars['String']['output']>;
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  state: SignOffRuleState;
};

export type SignOffRuleConnection = {
  nodes: Array<SignOffRule>;
  pageInfo: PageInfo;
};

export type SignOffRuleCreated = {
  rule: SignOffRule;
};

export type SignOffRuleRevoked = {
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
  owner: Owner;
};

export type SignedOut = {
  signedOut: Scalars['Boolean']['output'];
};

/** An Ed25519 public key an owner registered to attest manifests. */
export type SigningKey = {
  createdAt: Scalars['DateTime']['output'];
  /** Hex SHA-256 of the raw public key: derived, never chosen. */
  keyId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The raw 32-byte key, base64. */
  publicKey: Scalars['String']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
};

export type SigningKeyConnection = {
  nodes: Array<SigningKey>;
  pageInfo: PageInfo;
};

export type SigningKeyRegistered = {
  /** True when this key was registered already. */
  existing: Scalars['Boolean']['output'];
  key: SigningKey;
};

export type SigningKeyRevoked = {
  key: SigningKey;
};

export type Subscription = {
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
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

export type TermsConflict = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type TestWebhookSent = {
  delivery: WebhookDelivery;
};

export type TooManyPending = DomainError & {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/** One notification sent (or being sent) to an endpoint, with its latest attempt. */
export type WebhookDelivery = {
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The event's name (a `NotificationEvent`), or `WEBHOOK_TEST` for a test. */
  event: Scalars['String']['output'];
  /** The `webhook-id` it carries on every attempt. */
  id: Scalars['ID']['output'];
  lastAttemptAt: Maybe<Scalars['DateTime']['output']>;
  latencyMs: Maybe<Scalars['Int']['output']>;
  /** The first bytes of the endpoint's answer, or why the attempt failed. */
  responseSnippet: Maybe<Scalars['String']['output']>;
  state: WebhookDeliveryState;
  /** The endpoint's HTTP status at the latest attempt; null when no answer came. */
  status: Maybe<Scalars['Int']['output']>;
};

/** Where one delivery to an endpoint stands. */
export type WebhookDeliveryState =
  | 'DELIVERED'
  /** Given up after 24 hours of failed attempts, or its endpoint was disabled or deleted meanwhile. */
  | 'FAILED'
  | 'PENDING';

/** An owner's HTTPS endpoint that receives the events it subscribes to. */
export type WebhookEndpoint = {
  createdAt: Scalars['DateTime']['output'];
  /** The latest deliveries, newest first (at most 50). */
  deliveries: Array<WebhookDelivery>;
  description: Maybe<Scalars['String']['output']>;
  /** Set when disabled, by its owner or after 3 days of failing continuously. */
  disabledAt: Maybe<Scalars['DateTime']['output']>;
  disabledReason: Maybe<Scalars['String']['output']>;
  events: Array<NotificationEvent>;
  /** When the current run of failed attempts began; null after a success. */
  failingSince: Maybe<Scalars['DateTime']['output']>;
  format: WebhookFormat;
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
};


/** An owner's HTTPS endpoint that receives the events it subscribes to. */
export type WebhookEndpointDeliveriesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type WebhookEndpointChanged = {
  endpoint: WebhookEndpoint;
};

export type WebhookEndpointCreated = {
  endpoint: WebhookEndpoint;
  /** The signing secret (`whsec_…`), shown this once. */
  secret: Scalars['String']['output'];
};

export type WebhookEndpointDeleted = {
  id: Scalars['ID']['output'];
};

export type WebhookEndpointSecretRotated = {
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
  operation: Operation;
  /**
   * The new secret, shown once. Deliveries are signed with it, and also with
   * the previous one for 24 hours, so a receiver can switch without losing any.
   */
  webhookSecret: Scalars['String']['output'];
};

export type WithdrawSignOffResult = NotFound | SignOffClosed | SignOffWithdrawn;

export type AmountFieldsFragment = { tokens: number | null, minorUnits: number | null, draws: number | null };

export type AuthorityFieldsFragment = { id: string, name: string, currency: string | null, perDrawTokens: number | null, perDrawMinorUnits: number | null, notBefore: string | null, notAfter: string | null, createdAt: string, state: AuthorityState, revokedAt: string | null, revokeReason: string | null, agent: { id: string, name: string }, ceiling: { tokens: number | null, minorUnits: number | null, draws: number | null }, drawn: { tokens: number | null, minorUnits: number | null, draws: number | null }, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } };

export type ReceiptFieldsFragment = { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } };

export type AuthoritiesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AuthoritiesQuery = { authorities: { nodes: Array<{ id: string, name: string, currency: string | null, perDrawTokens: number | null, perDrawMinorUnits: number | null, notBefore: string | null, notAfter: string | null, createdAt: string, state: AuthorityState, revokedAt: string | null, revokeReason: string | null, agent: { id: string, name: string }, ceiling: { tokens: number | null, minorUnits: number | null, draws: number | null }, drawn: { tokens: number | null, minorUnits: number | null, draws: number | null }, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AuthorityQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type AuthorityQuery = { authority: { id: string, name: string, currency: string | null, perDrawTokens: number | null, perDrawMinorUnits: number | null, notBefore: string | null, notAfter: string | null, createdAt: string, state: AuthorityState, revokedAt: string | null, revokeReason: string | null, agent: { id: string, name: string }, ceiling: { tokens: number | null, minorUnits: number | null, draws: number | null }, drawn: { tokens: number | null, minorUnits: number | null, draws: number | null }, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } | null };

type DrawOutcomeFields_DispatchKeyReused_Fragment = { __typename: 'DispatchKeyReused', code: ErrorCode, message: string, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } };

type DrawOutcomeFields_Drawn_Fragment = { __typename: 'Drawn', replayed: boolean, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } };

type DrawOutcomeFields_Exhausted_Fragment = { __typename: 'Exhausted', code: ErrorCode, message: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } };

type DrawOutcomeFields_Expired_Fragment = { __typename: 'Expired', code: ErrorCode, message: string };

type DrawOutcomeFields_NotFound_Fragment = { __typename: 'NotFound', code: ErrorCode, message: string };

type DrawOutcomeFields_NotYetValid_Fragment = { __typename: 'NotYetValid', code: ErrorCode, message: string };

type DrawOutcomeFields_PerDrawCapExceeded_Fragment = { __typename: 'PerDrawCapExceeded', code: ErrorCode, message: string };

type DrawOutcomeFields_Revoked_Fragment = { __typename: 'Revoked', reason: string, code: ErrorCode, message: string };

export type DrawOutcomeFieldsFragment = DrawOutcomeFields_DispatchKeyReused_Fragment | DrawOutcomeFields_Drawn_Fragment | DrawOutcomeFields_Exhausted_Fragment | DrawOutcomeFields_Expired_Fragment | DrawOutcomeFields_NotFound_Fragment | DrawOutcomeFields_NotYetValid_Fragment | DrawOutcomeFields_PerDrawCapExceeded_Fragment | DrawOutcomeFields_Revoked_Fragment;

export type DrawAuthorityMutationVariables = Exact<{
  input: DrawAuthorityInput;
}>;


export type DrawAuthorityMutation = { drawAuthority: { __typename: 'DispatchKeyReused', code: ErrorCode, message: string, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } } | { __typename: 'Drawn', replayed: boolean, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } } | { __typename: 'Exhausted', code: ErrorCode, message: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } | { __typename: 'Expired', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'NotYetValid', code: ErrorCode, message: string } | { __typename: 'PerDrawCapExceeded', code: ErrorCode, message: string } | { __typename: 'Revoked', reason: string, code: ErrorCode, message: string } };

export type DrawAuthorityWithAuthorityMutationVariables = Exact<{
  input: DrawAuthorityInput;
}>;


export type DrawAuthorityWithAuthorityMutation = { drawAuthority: { __typename: 'DispatchKeyReused', code: ErrorCode, message: string, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } } | { __typename: 'Drawn', replayed: boolean, authority: { id: string, name: string, currency: string | null, perDrawTokens: number | null, perDrawMinorUnits: number | null, notBefore: string | null, notAfter: string | null, createdAt: string, state: AuthorityState, revokedAt: string | null, revokeReason: string | null, agent: { id: string, name: string }, ceiling: { tokens: number | null, minorUnits: number | null, draws: number | null }, drawn: { tokens: number | null, minorUnits: number | null, draws: number | null }, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } }, receipt: { dispatchKey: string, tokens: number, minorUnits: number, ordinal: number, drawnAt: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } } | { __typename: 'Exhausted', code: ErrorCode, message: string, remaining: { tokens: number | null, minorUnits: number | null, draws: number | null } } | { __typename: 'Expired', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'NotYetValid', code: ErrorCode, message: string } | { __typename: 'PerDrawCapExceeded', code: ErrorCode, message: string } | { __typename: 'Revoked', reason: string, code: ErrorCode, message: string } };

export type SignOffFieldsFragment = { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null };

export type RequestSignOffMutationVariables = Exact<{
  input: RequestSignOffInput;
}>;


export type RequestSignOffMutation = { requestSignOff: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'OperationRetired', code: ErrorCode, message: string } | { __typename: 'RecentlyDenied', code: ErrorCode, message: string } | { __typename: 'SignOffRequested', existing: boolean, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'TooManyPending', code: ErrorCode, message: string } };

export type SignOffQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SignOffQuery = { signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } | null };

export type SignOffsQueryVariables = Exact<{
  state?: InputMaybe<SignOffState>;
  decided?: InputMaybe<Scalars['Boolean']['input']>;
  op?: InputMaybe<Scalars['String']['input']>;
  requestedInputHash?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SignOffsQuery = { signOffs: { nodes: Array<{ id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type WithdrawSignOffMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type WithdrawSignOffMutation = { withdrawSignOff: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'SignOffWithdrawn', signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } };

export type TakeSignOffSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TakeSignOffSecretMutation = { takeSignOffSecret: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SecretUnavailable', code: ErrorCode, message: string } | { __typename: 'SignOffSecret', secret: unknown } };

export type CreateRepositoryMutationVariables = Exact<{
  input: CreateRepositoryInput;
}>;


export type CreateRepositoryMutation = { createRepository: { __typename: 'LimitReached', code: ErrorCode, message: string } | { __typename: 'NameTaken', code: ErrorCode, message: string } | { __typename: 'RepositoryCreated', repository: { id: string, name: string, code: string, state: RepositoryState, createdAt: string } } };

export type RepositoriesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type RepositoriesQuery = { repositories: { nodes: Array<{ id: string, name: string, code: string, state: RepositoryState, createdAt: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SignOffEventsSubscriptionVariables = Exact<{
  id?: InputMaybe<Scalars['ID']['input']>;
}>;


export type SignOffEventsSubscription = { signOffEvents: { signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } };

export type OperationFieldsFragment = { op: string, version: number, summary: string, description: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, definedAt: string | null, openCount: number };

export type OperationsQueryVariables = Exact<{
  includeRetired?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type OperationsQuery = { operations: Array<{ op: string, version: number, summary: string, description: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, definedAt: string | null, openCount: number }> };

export type OperationQueryVariables = Exact<{
  op: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
}>;


export type OperationQuery = { operation: { op: string, version: number, summary: string, description: string | null, irreversible: boolean, risk: Risk, runner: OperationRunner, retired: boolean, inputSchema: unknown, secretFields: Array<string>, needsRepository: boolean, definedAt: string | null, openCount: number } | null };

export type RedeemSignOffMutationVariables = Exact<{
  input: RedeemSignOffInput;
}>;


export type RedeemSignOffMutation = { redeemSignOff: { __typename: 'AlreadyRedeemed', code: ErrorCode, message: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'GrantLapsed', code: ErrorCode, message: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'InputMismatch', code: ErrorCode, message: string } | { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'SignOffRedeemed', approval: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } };

export type ReportSignOffOutcomeMutationVariables = Exact<{
  input: ReportSignOffOutcomeInput;
}>;


export type ReportSignOffOutcomeMutation = { reportSignOffOutcome: { __typename: 'NotFound', code: ErrorCode, message: string } | { __typename: 'SignOffClosed', code: ErrorCode, message: string, signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } | { __typename: 'SignOffOutcomeReported', signOff: { id: string, op: string, opVersion: number, description: string, irreversible: boolean, risk: Risk, input: unknown, inputCanonical: string, inputHash: string, requestedInput: unknown, requestedInputHash: string, changedByOwner: boolean, summary: string, reason: string | null, state: SignOffState, requestedAt: string, expiresAt: string, decidedAt: string | null, note: string | null, finishedAt: string | null, result: unknown | null, failure: string | null, secretState: SignOffSecretState, secretExpiresAt: string | null, redeemBy: string | null, redeemedAt: string | null, agent: { id: string, name: string } | null, repository: { id: string, name: string, code: string } | null } } };

export type ManifestFieldsFragment = { name: string, version: string, digest: string, content: string, canonical: string, format: ManifestFormat, verified: boolean, publishedAt: string, attestation: { keyId: string, signature: string } | null };

export type PublishManifestMutationVariables = Exact<{
  input: PublishManifestInput;
}>;


export type PublishManifestMutation = { publishManifest: { __typename: 'BadAttestation', code: ErrorCode, message: string } | { __typename: 'LimitReached', max: number, code: ErrorCode, message: string } | { __typename: 'ManifestPublished', verdict: PublishVerdict, manifest: { name: string, version: string, digest: string, content: string, canonical: string, format: ManifestFormat, verified: boolean, publishedAt: string, attestation: { keyId: string, signature: string } | null } } | { __typename: 'ManifestVersionTaken', storedDigest: string, code: ErrorCode, message: string } };

export type ManifestQueryVariables = Exact<{
  name: Scalars['String']['input'];
  version: Scalars['String']['input'];
  verify?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type ManifestQuery = { manifest: { name: string, version: string, digest: string, content: string, canonical: string, format: ManifestFormat, verified: boolean, publishedAt: string, attestation: { keyId: string, signature: string } | null } | null };

export type ManifestNamesQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManifestNamesQuery = { manifestNames: { nodes: Array<string>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ManifestVersionsQueryVariables = Exact<{
  name: Scalars['String']['input'];
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManifestVersionsQuery = { manifestVersions: { nodes: Array<{ version: string, digest: string, signed: boolean, publishedAt: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

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
export const DrawOutcomeFieldsFragmentDoc = new TypedDocumentString(`
    fragment DrawOutcomeFields on DrawAuthorityResult {
  __typename
  ... on Drawn {
    replayed
    receipt {
      ...ReceiptFields
    }
  }
  ... on Revoked {
    reason
  }
  ... on Exhausted {
    remaining {
      ...AmountFields
    }
  }
  ... on DispatchKeyReused {
    receipt {
      ...ReceiptFields
    }
  }
  ... on DomainError {
    code
    message
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
}`, {"fragmentName":"DrawOutcomeFields"}) as unknown as TypedDocumentString<DrawOutcomeFieldsFragment, unknown>;
export const SignOffFieldsFragmentDoc = new TypedDocumentString(`
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}
    `, {"fragmentName":"SignOffFields"}) as unknown as TypedDocumentString<SignOffFieldsFragment, unknown>;
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
  definedAt
  openCount
}
    `, {"fragmentName":"OperationFields"}) as unknown as TypedDocumentString<OperationFieldsFragment, unknown>;
export const ManifestFieldsFragmentDoc = new TypedDocumentString(`
    fragment ManifestFields on Manifest {
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
    `, {"fragmentName":"ManifestFields"}) as unknown as TypedDocumentString<ManifestFieldsFragment, unknown>;
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
}`) as unknown as TypedDocumentString<AuthoritiesQuery, AuthoritiesQueryVariables>;
export const AuthorityDocument = new TypedDocumentString(`
    query Authority($id: ID!) {
  authority(id: $id) {
    ...AuthorityFields
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
}`) as unknown as TypedDocumentString<AuthorityQuery, AuthorityQueryVariables>;
export const DrawAuthorityDocument = new TypedDocumentString(`
    mutation DrawAuthority($input: DrawAuthorityInput!) {
  drawAuthority(input: $input) {
    ...DrawOutcomeFields
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
}
fragment DrawOutcomeFields on DrawAuthorityResult {
  __typename
  ... on Drawn {
    replayed
    receipt {
      ...ReceiptFields
    }
  }
  ... on Revoked {
    reason
  }
  ... on Exhausted {
    remaining {
      ...AmountFields
    }
  }
  ... on DispatchKeyReused {
    receipt {
      ...ReceiptFields
    }
  }
  ... on DomainError {
    code
    message
  }
}`) as unknown as TypedDocumentString<DrawAuthorityMutation, DrawAuthorityMutationVariables>;
export const DrawAuthorityWithAuthorityDocument = new TypedDocumentString(`
    mutation DrawAuthorityWithAuthority($input: DrawAuthorityInput!) {
  drawAuthority(input: $input) {
    ...DrawOutcomeFields
    ... on Drawn {
      authority {
        ...AuthorityFields
      }
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
}
fragment DrawOutcomeFields on DrawAuthorityResult {
  __typename
  ... on Drawn {
    replayed
    receipt {
      ...ReceiptFields
    }
  }
  ... on Revoked {
    reason
  }
  ... on Exhausted {
    remaining {
      ...AmountFields
    }
  }
  ... on DispatchKeyReused {
    receipt {
      ...ReceiptFields
    }
  }
  ... on DomainError {
    code
    message
  }
}`) as unknown as TypedDocumentString<DrawAuthorityWithAuthorityMutation, DrawAuthorityWithAuthorityMutationVariables>;
export const RequestSignOffDocument = new TypedDocumentString(`
    mutation RequestSignOff($input: RequestSignOffInput!) {
  requestSignOff(input: $input) {
    __typename
    ... on SignOffRequested {
      existing
      signOff {
        ...SignOffFields
      }
    }
    ... on DomainError {
      code
      message
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<RequestSignOffMutation, RequestSignOffMutationVariables>;
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
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<SignOffQuery, SignOffQueryVariables>;
export const SignOffsDocument = new TypedDocumentString(`
    query SignOffs($state: SignOffState, $decided: Boolean, $op: String, $requestedInputHash: String, $first: Int, $after: String) {
  signOffs(
    state: $state
    decided: $decided
    op: $op
    requestedInputHash: $requestedInputHash
    first: $first
    after: $after
  ) {
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
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<SignOffsQuery, SignOffsQueryVariables>;
export const WithdrawSignOffDocument = new TypedDocumentString(`
    mutation WithdrawSignOff($id: ID!) {
  withdrawSignOff(id: $id) {
    __typename
    ... on SignOffWithdrawn {
      signOff {
        ...SignOffFields
      }
    }
    ... on SignOffClosed {
      signOff {
        ...SignOffFields
      }
    }
    ... on DomainError {
      code
      message
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<WithdrawSignOffMutation, WithdrawSignOffMutationVariables>;
export const TakeSignOffSecretDocument = new TypedDocumentString(`
    mutation TakeSignOffSecret($id: ID!) {
  takeSignOffSecret(id: $id) {
    __typename
    ... on SignOffSecret {
      secret
    }
    ... on DomainError {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<TakeSignOffSecretMutation, TakeSignOffSecretMutationVariables>;
export const CreateRepositoryDocument = new TypedDocumentString(`
    mutation CreateRepository($input: CreateRepositoryInput!) {
  createRepository(input: $input) {
    __typename
    ... on RepositoryCreated {
      repository {
        id
        name
        code
        state
        createdAt
      }
    }
    ... on DomainError {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<CreateRepositoryMutation, CreateRepositoryMutationVariables>;
export const RepositoriesDocument = new TypedDocumentString(`
    query Repositories($first: Int!, $after: String) {
  repositories(first: $first, after: $after) {
    nodes {
      id
      name
      code
      state
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<RepositoriesQuery, RepositoriesQueryVariables>;
export const SignOffEventsDocument = new TypedDocumentString(`
    subscription SignOffEvents($id: ID) {
  signOffEvents(id: $id) {
    signOff {
      ...SignOffFields
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<SignOffEventsSubscription, SignOffEventsSubscriptionVariables>;
export const OperationsDocument = new TypedDocumentString(`
    query Operations($includeRetired: Boolean) {
  operations(includeRetired: $includeRetired) {
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
  definedAt
  openCount
}`) as unknown as TypedDocumentString<OperationsQuery, OperationsQueryVariables>;
export const OperationDocument = new TypedDocumentString(`
    query Operation($op: String!, $version: Int) {
  operation(op: $op, version: $version) {
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
  definedAt
  openCount
}`) as unknown as TypedDocumentString<OperationQuery, OperationQueryVariables>;
export const RedeemSignOffDocument = new TypedDocumentString(`
    mutation RedeemSignOff($input: RedeemSignOffInput!) {
  redeemSignOff(input: $input) {
    __typename
    ... on SignOffRedeemed {
      approval
      signOff {
        ...SignOffFields
      }
    }
    ... on AlreadyRedeemed {
      signOff {
        ...SignOffFields
      }
    }
    ... on GrantLapsed {
      signOff {
        ...SignOffFields
      }
    }
    ... on SignOffClosed {
      signOff {
        ...SignOffFields
      }
    }
    ... on DomainError {
      code
      message
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<RedeemSignOffMutation, RedeemSignOffMutationVariables>;
export const ReportSignOffOutcomeDocument = new TypedDocumentString(`
    mutation ReportSignOffOutcome($input: ReportSignOffOutcomeInput!) {
  reportSignOffOutcome(input: $input) {
    __typename
    ... on SignOffOutcomeReported {
      signOff {
        ...SignOffFields
      }
    }
    ... on SignOffClosed {
      signOff {
        ...SignOffFields
      }
    }
    ... on DomainError {
      code
      message
    }
  }
}
    fragment SignOffFields on SignOff {
  id
  op
  opVersion
  description
  irreversible
  risk
  agent {
    id
    name
  }
  repository {
    id
    name
    code
  }
  input
  inputCanonical
  inputHash
  requestedInput
  requestedInputHash
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
  secretState
  secretExpiresAt
  redeemBy
  redeemedAt
}`) as unknown as TypedDocumentString<ReportSignOffOutcomeMutation, ReportSignOffOutcomeMutationVariables>;
export const PublishManifestDocument = new TypedDocumentString(`
    mutation PublishManifest($input: PublishManifestInput!) {
  publishManifest(input: $input) {
    __typename
    ... on ManifestPublished {
      verdict
      manifest {
        ...ManifestFields
      }
    }
    ... on ManifestVersionTaken {
      storedDigest
    }
    ... on LimitReached {
      max
    }
    ... on DomainError {
      code
      message
    }
  }
}
    fragment ManifestFields on Manifest {
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
}`) as unknown as TypedDocumentString<PublishManifestMutation, PublishManifestMutationVariables>;
export const ManifestDocument = new TypedDocumentString(`
    query Manifest($name: String!, $version: String!, $verify: Boolean) {
  manifest(name: $name, version: $version, verify: $verify) {
    ...ManifestFields
  }
}
    fragment ManifestFields on Manifest {
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
}`) as unknown as TypedDocumentString<ManifestQuery, ManifestQueryVariables>;
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