/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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

export type AgentFieldsFragment = { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean };

export type AgentsQueryVariables = Exact<{ [key: string]: never; }>;


export type AgentsQuery = { __typename: 'Query', agents: Array<{ __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean }> };

export type CreateAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type CreateAgentMutation = { __typename: 'Mutation', createAgent: { __typename: 'AgentCreated', key: string, agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } | { __typename: 'NameTaken', code: ErrorCode, message: string } };

export type RevokeAgentMutationVariables = Exact<{
  input: RevokeAgentInput;
}>;


export type RevokeAgentMutation = { __typename: 'Mutation', revokeAgent: { __typename: 'AgentRevoked', agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } | { __typename: 'NotFound', code: ErrorCode, message: string } };

export type AgentEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AgentEventsSubscription = { __typename: 'Subscription', agentEvents: { __typename: 'AgentEvent', kind: AgentEventKind, agent: { __typename: 'Agent', id: string, name: string, keyPrefix: string, createdAt: string, revokedAt?: string | null, revoked: boolean } } };

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

export const AgentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"keyPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]} as unknown as DocumentNode<AgentFieldsFragment, unknown>;
export const AgentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Agents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"keyPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]} as unknown as DocumentNode<AgentsQuery, AgentsQueryVariables>;
export const CreateAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AgentCreated"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgentFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"keyPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]} as unknown as DocumentNode<CreateAgentMutation, CreateAgentMutationVariables>;
export const RevokeAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeAgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AgentRevoked"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgentFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"keyPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]} as unknown as DocumentNode<RevokeAgentMutation, RevokeAgentMutationVariables>;
export const AgentEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AgentEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agentEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"keyPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]} as unknown as DocumentNode<AgentEventsSubscription, AgentEventsSubscriptionVariables>;
export const SessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Owner"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"tenant"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Agent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"setupStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"needed"}}]}}]}}]} as unknown as DocumentNode<SessionQuery, SessionQueryVariables>;
export const SignInDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SignIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SignInInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signIn"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SignedIn"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SignOut"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signOut"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<SignOutMutation, SignOutMutationVariables>;
export const SetupFirstOwnerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetupFirstOwner"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetupFirstOwnerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setupFirstOwner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetupCompleted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SetupFirstOwnerMutation, SetupFirstOwnerMutationVariables>;