import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { OwnerRow, TenantRow } from '../owners/store.js';
import type { AgentRow } from '../agents/store.js';
import type { Context } from '../graphql/context.js';
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
  /** An instant, as an ISO 8601 string in UTC. */
  DateTime: { input: string; output: Date | string; }
};

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
  | 'REVOKED';

export type AgentRevoked = {
  __typename?: 'AgentRevoked';
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
  __typename?: 'InvalidCredentials';
  code: ErrorCode;
  message: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
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
  __typename?: 'NameTaken';
  code: ErrorCode;
  message: Scalars['String']['output'];
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

/** A person who owns agents and decides what they may do. */
export type Owner = {
  __typename?: 'Owner';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  tenant: Tenant;
};

export type Principal = Agent | Owner;

export type Query = {
  __typename?: 'Query';
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

export type SignInInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type SignInResult = InvalidCredentials | SignedIn;

export type SignOutResult = SignedOut;

export type SignedIn = {
  __typename?: 'SignedIn';
  owner: Owner;
};

export type SignedOut = {
  __typename?: 'SignedOut';
  signedOut: Scalars['Boolean']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Changes to the owner's agents (created, revoked), from any instance. */
  agentEvents: AgentEvent;
};

export type Tenant = {
  __typename?: 'Tenant';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};



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
  CreateAgentResult: ( Omit<AgentCreated, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentCreated' } ) | ( NameTaken & { __typename: 'NameTaken' } );
  Principal: ( AgentRow & { __typename: 'Agent' } ) | ( OwnerRow & { __typename: 'Owner' } );
  RevokeAgentResult: ( Omit<AgentRevoked, 'agent'> & { agent: _RefType['Agent'] } & { __typename: 'AgentRevoked' } ) | ( NotFound & { __typename: 'NotFound' } );
  SetupFirstOwnerResult: ( SetupClosed & { __typename: 'SetupClosed' } ) | ( Omit<SetupCompleted, 'owner'> & { owner: _RefType['Owner'] } & { __typename: 'SetupCompleted' } );
  SignInResult: ( InvalidCredentials & { __typename: 'InvalidCredentials' } ) | ( Omit<SignedIn, 'owner'> & { owner: _RefType['Owner'] } & { __typename: 'SignedIn' } );
  SignOutResult: ( SignedOut & { __typename: 'SignedOut' } );
};

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  DomainError: ( InvalidCredentials & { __typename: 'InvalidCredentials' } ) | ( NameTaken & { __typename: 'NameTaken' } ) | ( NotFound & { __typename: 'NotFound' } ) | ( SetupClosed & { __typename: 'SetupClosed' } );
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Agent: ResolverTypeWrapper<AgentRow>;
  AgentCreated: ResolverTypeWrapper<Omit<AgentCreated, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentEvent: ResolverTypeWrapper<Omit<AgentEvent, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  AgentEventKind: AgentEventKind;
  AgentRevoked: ResolverTypeWrapper<Omit<AgentRevoked, 'agent'> & { agent: ResolversTypes['Agent'] }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CreateAgentInput: CreateAgentInput;
  CreateAgentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateAgentResult']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DomainError: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['DomainError']>;
  ErrorCode: ErrorCode;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  InvalidCredentials: ResolverTypeWrapper<InvalidCredentials>;
  Mutation: ResolverTypeWrapper<{}>;
  NameTaken: ResolverTypeWrapper<NameTaken>;
  NotFound: ResolverTypeWrapper<NotFound>;
  Owner: ResolverTypeWrapper<OwnerRow>;
  Principal: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['Principal']>;
  Query: ResolverTypeWrapper<{}>;
  RevokeAgentInput: RevokeAgentInput;
  RevokeAgentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RevokeAgentResult']>;
  SetupClosed: ResolverTypeWrapper<SetupClosed>;
  SetupCompleted: ResolverTypeWrapper<Omit<SetupCompleted, 'owner'> & { owner: ResolversTypes['Owner'] }>;
  SetupFirstOwnerInput: SetupFirstOwnerInput;
  SetupFirstOwnerResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SetupFirstOwnerResult']>;
  SetupStatus: ResolverTypeWrapper<SetupStatus>;
  SignInInput: SignInInput;
  SignInResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SignInResult']>;
  SignOutResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['SignOutResult']>;
  SignedIn: ResolverTypeWrapper<Omit<SignedIn, 'owner'> & { owner: ResolversTypes['Owner'] }>;
  SignedOut: ResolverTypeWrapper<SignedOut>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<{}>;
  Tenant: ResolverTypeWrapper<TenantRow>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Agent: AgentRow;
  AgentCreated: Omit<AgentCreated, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentEvent: Omit<AgentEvent, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  AgentRevoked: Omit<AgentRevoked, 'agent'> & { agent: ResolversParentTypes['Agent'] };
  Boolean: Scalars['Boolean']['output'];
  CreateAgentInput: CreateAgentInput;
  CreateAgentResult: ResolversUnionTypes<ResolversParentTypes>['CreateAgentResult'];
  DateTime: Scalars['DateTime']['output'];
  DomainError: ResolversInterfaceTypes<ResolversParentTypes>['DomainError'];
  ID: Scalars['ID']['output'];
  InvalidCredentials: InvalidCredentials;
  Mutation: {};
  NameTaken: NameTaken;
  NotFound: NotFound;
  Owner: OwnerRow;
  Principal: ResolversUnionTypes<ResolversParentTypes>['Principal'];
  Query: {};
  RevokeAgentInput: RevokeAgentInput;
  RevokeAgentResult: ResolversUnionTypes<ResolversParentTypes>['RevokeAgentResult'];
  SetupClosed: SetupClosed;
  SetupCompleted: Omit<SetupCompleted, 'owner'> & { owner: ResolversParentTypes['Owner'] };
  SetupFirstOwnerInput: SetupFirstOwnerInput;
  SetupFirstOwnerResult: ResolversUnionTypes<ResolversParentTypes>['SetupFirstOwnerResult'];
  SetupStatus: SetupStatus;
  SignInInput: SignInInput;
  SignInResult: ResolversUnionTypes<ResolversParentTypes>['SignInResult'];
  SignOutResult: ResolversUnionTypes<ResolversParentTypes>['SignOutResult'];
  SignedIn: Omit<SignedIn, 'owner'> & { owner: ResolversParentTypes['Owner'] };
  SignedOut: SignedOut;
  String: Scalars['String']['output'];
  Subscription: {};
  Tenant: TenantRow;
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

export type AgentRevokedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AgentRevoked'] = ResolversParentTypes['AgentRevoked']> = {
  agent?: Resolver<ResolversTypes['Agent'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CreateAgentResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreateAgentResult'] = ResolversParentTypes['CreateAgentResult']> = {
  __resolveType: TypeResolveFn<'AgentCreated' | 'NameTaken', ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DomainErrorResolvers<ContextType = Context, ParentType extends ResolversParentTypes['DomainError'] = ResolversParentTypes['DomainError']> = {
  __resolveType: TypeResolveFn<'InvalidCredentials' | 'NameTaken' | 'NotFound' | 'SetupClosed', ParentType, ContextType>;
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvalidCredentialsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InvalidCredentials'] = ResolversParentTypes['InvalidCredentials']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createAgent?: Resolver<ResolversTypes['CreateAgentResult'], ParentType, ContextType, RequireFields<MutationCreateAgentArgs, 'input'>>;
  revokeAgent?: Resolver<ResolversTypes['RevokeAgentResult'], ParentType, ContextType, RequireFields<MutationRevokeAgentArgs, 'input'>>;
  setupFirstOwner?: Resolver<ResolversTypes['SetupFirstOwnerResult'], ParentType, ContextType, RequireFields<MutationSetupFirstOwnerArgs, 'input'>>;
  signIn?: Resolver<ResolversTypes['SignInResult'], ParentType, ContextType, RequireFields<MutationSignInArgs, 'input'>>;
  signOut?: Resolver<ResolversTypes['SignOutResult'], ParentType, ContextType>;
};

export type NameTakenResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NameTaken'] = ResolversParentTypes['NameTaken']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NotFoundResolvers<ContextType = Context, ParentType extends ResolversParentTypes['NotFound'] = ResolversParentTypes['NotFound']> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OwnerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Owner'] = ResolversParentTypes['Owner']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  tenant?: Resolver<ResolversTypes['Tenant'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PrincipalResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Principal'] = ResolversParentTypes['Principal']> = {
  __resolveType: TypeResolveFn<'Agent' | 'Owner', ParentType, ContextType>;
};

export type QueryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  agents?: Resolver<Array<ResolversTypes['Agent']>, ParentType, ContextType>;
  setupStatus?: Resolver<ResolversTypes['SetupStatus'], ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['Principal']>, ParentType, ContextType>;
};

export type RevokeAgentResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RevokeAgentResult'] = ResolversParentTypes['RevokeAgentResult']> = {
  __resolveType: TypeResolveFn<'AgentRevoked' | 'NotFound', ParentType, ContextType>;
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

export type SignInResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignInResult'] = ResolversParentTypes['SignInResult']> = {
  __resolveType: TypeResolveFn<'InvalidCredentials' | 'SignedIn', ParentType, ContextType>;
};

export type SignOutResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignOutResult'] = ResolversParentTypes['SignOutResult']> = {
  __resolveType: TypeResolveFn<'SignedOut', ParentType, ContextType>;
};

export type SignedInResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignedIn'] = ResolversParentTypes['SignedIn']> = {
  owner?: Resolver<ResolversTypes['Owner'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SignedOutResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SignedOut'] = ResolversParentTypes['SignedOut']> = {
  signedOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  agentEvents?: SubscriptionResolver<ResolversTypes['AgentEvent'], "agentEvents", ParentType, ContextType>;
};

export type TenantResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Tenant'] = ResolversParentTypes['Tenant']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type Resolvers<ContextType = Context> = {
  Agent?: AgentResolvers<ContextType>;
  AgentCreated?: AgentCreatedResolvers<ContextType>;
  AgentEvent?: AgentEventResolvers<ContextType>;
  AgentRevoked?: AgentRevokedResolvers<ContextType>;
  CreateAgentResult?: CreateAgentResultResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DomainError?: DomainErrorResolvers<ContextType>;
  InvalidCredentials?: InvalidCredentialsResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NameTaken?: NameTakenResolvers<ContextType>;
  NotFound?: NotFoundResolvers<ContextType>;
  Owner?: OwnerResolvers<ContextType>;
  Principal?: PrincipalResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RevokeAgentResult?: RevokeAgentResultResolvers<ContextType>;
  SetupClosed?: SetupClosedResolvers<ContextType>;
  SetupCompleted?: SetupCompletedResolvers<ContextType>;
  SetupFirstOwnerResult?: SetupFirstOwnerResultResolvers<ContextType>;
  SetupStatus?: SetupStatusResolvers<ContextType>;
  SignInResult?: SignInResultResolvers<ContextType>;
  SignOutResult?: SignOutResultResolvers<ContextType>;
  SignedIn?: SignedInResolvers<ContextType>;
  SignedOut?: SignedOutResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Tenant?: TenantResolvers<ContextType>;
};

