/* eslint-disable */
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
  /** An instant, as an ISO 8601 string in UTC. */
  DateTime: { input: string; output: string; }
};

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
  | 'REVOKED';

export type AgentRevoked = {
  __typename: 'AgentRevoked';
  agent: Agent;
};

export type CreateAgentInput = {
  name: Scalars['String']['input'];
};

export type CreateAgentResult = AgentCreated | NameTaken;

/** An expected refusal, returned as data inside a mutation's result union. */
export type DomainError = {
  code: ErrorCode;
  message: Scalars['String']['output'];
};

/**
 * Every code a client can see, as a domain error's `code` or as a GraphQL
 * error's `extensions.code`. Closed: new codes are added here first.
 */
export type ErrorCode =
  | 'BAD_ATTESTATION'
  | 'BAD_INPUT'
  | 'DISPATCH_KEY_REUSED'
  | 'EXHAUSTED'
  | 'EXPIRED'
  | 'FORBIDDEN'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INTERNAL'
  | 'INVALID_CREDENTIALS'
  | 'MANIFEST_VERSION_TAKEN'
  | 'NAME_TAKEN'
  | 'NOT_FOUND'
  | 'NOT_YET_VALID'
  | 'RATE_LIMITED'
  | 'REVOKED'
  | 'SETUP_CLOSED'
  | 'SIGN_OFF_CLOSED'
  | 'TOO_MANY_PENDING'
  | 'UNAUTHENTICATED';

export type InvalidCredentials = DomainError & {
  __typename: 'InvalidCredentials';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type Mutation = {
  __typename: 'Mutation';
  createAgent: CreateAgentResult;
  /** Revokes the agent's key at once. Revoking twice is not an error. */
  revokeAgent: RevokeAgentResult;
  /** Creates the first tenant and owner with the one-time setup token, and signs in. */
  setupFirstOwner: SetupFirstOwnerResult;
  /** Signs an owner in; sets the HttpOnly session cookie. */
  signIn: SignInResult;
  /** Ends the caller's console session, if any. Always succeeds. */
  signOut: SignOutResult;
};


export type MutationCreateAgentArgs = {
  input: CreateAgentInput;
};


export type MutationRevokeAgentArgs = {
  input: RevokeAgentInput;
};


export type MutationSetupFirstOwnerArgs = {
  input: SetupFirstOwnerInput;
};


export type MutationSignInArgs = {
  input: SignInInput;
};

export type NameTaken = DomainError & {
  __typename: 'NameTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
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

/** A person who owns agents and decides what they may do. */
export type Owner = {
  __typename: 'Owner';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  tenant: Tenant;
};

export type Principal = Agent | Owner;

export type Query = {
  __typename: 'Query';
  /** The signed-in owner's agents, newest first (revoked ones included). */
  agents: Array<Agent>;
  setupStatus: SetupStatus;
  /**
   * Whoever the request authenticates as: an owner (session cookie) or an agent
   * (bearer key); null when anonymous.
   */
  viewer?: Maybe<Principal>;
};

export type RevokeAgentInput = {
  id: Scalars['ID']['input'];
};

export type RevokeAgentResult = AgentRevoked | NotFound;

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

export type SignInInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type SignInResult = InvalidCredentials | SignedIn;

export type SignOutResult = SignedOut;

export type SignedIn = {
  __typename: 'SignedIn';
  owner: Owner;
};

export type SignedOut = {
  __typename: 'SignedOut';
  signedOut: Scalars['Boolean']['output'];
};

export type Subscription = {
  __typename: 'Subscription';
  /** Changes to the owner's agents (created, revoked), from any instance. */
  agentEvents: AgentEvent;
};

export type Tenant = {
  __typename: 'Tenant';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};
