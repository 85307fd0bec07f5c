/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n": typeof types.AmountFieldsFragmentDoc,
    "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n  }\n": typeof types.AuthorityFieldsFragmentDoc,
    "\n  fragment ReceiptFields on Receipt {\n    dispatchKey\n    tokens\n    minorUnits\n    remaining {\n      ...AmountFields\n    }\n    ordinal\n    drawnAt\n  }\n": typeof types.ReceiptFieldsFragmentDoc,
    "\n  query Authorities($first: Int!, $after: String) {\n    authorities(first: $first, after: $after) {\n      nodes {\n        ...AuthorityFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AuthoritiesDocument,
    "\n  query Authority($id: ID!) {\n    authority(id: $id) {\n      ...AuthorityFields\n    }\n  }\n": typeof types.AuthorityDocument,
    "\n  fragment DrawOutcomeFields on DrawAuthorityResult {\n    __typename\n    ... on Drawn {\n      replayed\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on Revoked {\n      reason\n    }\n    ... on Exhausted {\n      remaining {\n        ...AmountFields\n      }\n    }\n    ... on DispatchKeyReused {\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on DomainError {\n      code\n      message\n    }\n  }\n": typeof types.DrawOutcomeFieldsFragmentDoc,
    "\n  mutation DrawAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n    }\n  }\n": typeof types.DrawAuthorityDocument,
    "\n  mutation DrawAuthorityWithAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n      ... on Drawn {\n        authority {\n          ...AuthorityFields\n        }\n      }\n    }\n  }\n": typeof types.DrawAuthorityWithAuthorityDocument,
    "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    description\n    irreversible\n    risk\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n      code\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    requestedInputHash\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    secretState\n    secretExpiresAt\n    redeemBy\n    redeemedAt\n  }\n": typeof types.SignOffFieldsFragmentDoc,
    "\n  mutation RequestSignOff($input: RequestSignOffInput!) {\n    requestSignOff(input: $input) {\n      __typename\n      ... on SignOffRequested {\n        existing\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RequestSignOffDocument,
    "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n": typeof types.SignOffDocument,
    "\n  query SignOffs($state: SignOffState, $decided: Boolean, $op: String, $requestedInputHash: String, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, op: $op, requestedInputHash: $requestedInputHash, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.SignOffsDocument,
    "\n  mutation WithdrawSignOff($id: ID!) {\n    withdrawSignOff(id: $id) {\n      __typename\n      ... on SignOffWithdrawn {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.WithdrawSignOffDocument,
    "\n  mutation TakeSignOffSecret($id: ID!) {\n    takeSignOffSecret(id: $id) {\n      __typename\n      ... on SignOffSecret {\n        secret\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.TakeSignOffSecretDocument,
    "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          id\n          name\n          code\n          state\n          createdAt\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateRepositoryDocument,
    "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        id\n        name\n        code\n        state\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RepositoriesDocument,
    "\n  subscription SignOffEvents($id: ID) {\n    signOffEvents(id: $id) {\n      signOff {\n        ...SignOffFields\n      }\n    }\n  }\n": typeof types.SignOffEventsDocument,
    "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    definedAt\n    openCount\n  }\n": typeof types.OperationFieldsFragmentDoc,
    "\n  query Operations($includeRetired: Boolean) {\n    operations(includeRetired: $includeRetired) {\n      ...OperationFields\n    }\n  }\n": typeof types.OperationsDocument,
    "\n  query Operation($op: String!, $version: Int) {\n    operation(op: $op, version: $version) {\n      ...OperationFields\n    }\n  }\n": typeof types.OperationDocument,
    "\n  mutation RedeemSignOff($input: RedeemSignOffInput!) {\n    redeemSignOff(input: $input) {\n      __typename\n      ... on SignOffRedeemed {\n        approval\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on AlreadyRedeemed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on GrantLapsed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RedeemSignOffDocument,
    "\n  mutation ReportSignOffOutcome($input: ReportSignOffOutcomeInput!) {\n    reportSignOffOutcome(input: $input) {\n      __typename\n      ... on SignOffOutcomeReported {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.ReportSignOffOutcomeDocument,
    "\n  fragment ManifestFields on Manifest {\n    name\n    version\n    digest\n    content\n    canonical\n    format\n    attestation {\n      keyId\n      signature\n    }\n    verified\n    publishedAt\n  }\n": typeof types.ManifestFieldsFragmentDoc,
    "\n  mutation PublishManifest($input: PublishManifestInput!) {\n    publishManifest(input: $input) {\n      __typename\n      ... on ManifestPublished {\n        verdict\n        manifest {\n          ...ManifestFields\n        }\n      }\n      ... on ManifestVersionTaken {\n        storedDigest\n      }\n      ... on LimitReached {\n        max\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": typeof types.PublishManifestDocument,
    "\n  query Manifest($name: String!, $version: String!, $verify: Boolean) {\n    manifest(name: $name, version: $version, verify: $verify) {\n      ...ManifestFields\n    }\n  }\n": typeof types.ManifestDocument,
    "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManifestNamesDocument,
    "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManifestVersionsDocument,
};
const documents: Documents = {
    "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n": types.AmountFieldsFragmentDoc,
    "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n  }\n": types.AuthorityFieldsFragmentDoc,
    "\n  fragment ReceiptFields on Receipt {\n    dispatchKey\n    tokens\n    minorUnits\n    remaining {\n      ...AmountFields\n    }\n    ordinal\n    drawnAt\n  }\n": types.ReceiptFieldsFragmentDoc,
    "\n  query Authorities($first: Int!, $after: String) {\n    authorities(first: $first, after: $after) {\n      nodes {\n        ...AuthorityFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AuthoritiesDocument,
    "\n  query Authority($id: ID!) {\n    authority(id: $id) {\n      ...AuthorityFields\n    }\n  }\n": types.AuthorityDocument,
    "\n  fragment DrawOutcomeFields on DrawAuthorityResult {\n    __typename\n    ... on Drawn {\n      replayed\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on Revoked {\n      reason\n    }\n    ... on Exhausted {\n      remaining {\n        ...AmountFields\n      }\n    }\n    ... on DispatchKeyReused {\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on DomainError {\n      code\n      message\n    }\n  }\n": types.DrawOutcomeFieldsFragmentDoc,
    "\n  mutation DrawAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n    }\n  }\n": types.DrawAuthorityDocument,
    "\n  mutation DrawAuthorityWithAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n      ... on Drawn {\n        authority {\n          ...AuthorityFields\n        }\n      }\n    }\n  }\n": types.DrawAuthorityWithAuthorityDocument,
    "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    description\n    irreversible\n    risk\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n      code\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    requestedInputHash\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    secretState\n    secretExpiresAt\n    redeemBy\n    redeemedAt\n  }\n": types.SignOffFieldsFragmentDoc,
    "\n  mutation RequestSignOff($input: RequestSignOffInput!) {\n    requestSignOff(input: $input) {\n      __typename\n      ... on SignOffRequested {\n        existing\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.RequestSignOffDocument,
    "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n": types.SignOffDocument,
    "\n  query SignOffs($state: SignOffState, $decided: Boolean, $op: String, $requestedInputHash: String, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, op: $op, requestedInputHash: $requestedInputHash, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.SignOffsDocument,
    "\n  mutation WithdrawSignOff($id: ID!) {\n    withdrawSignOff(id: $id) {\n      __typename\n      ... on SignOffWithdrawn {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.WithdrawSignOffDocument,
    "\n  mutation TakeSignOffSecret($id: ID!) {\n    takeSignOffSecret(id: $id) {\n      __typename\n      ... on SignOffSecret {\n        secret\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.TakeSignOffSecretDocument,
    "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          id\n          name\n          code\n          state\n          createdAt\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.CreateRepositoryDocument,
    "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        id\n        name\n        code\n        state\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RepositoriesDocument,
    "\n  subscription SignOffEvents($id: ID) {\n    signOffEvents(id: $id) {\n      signOff {\n        ...SignOffFields\n      }\n    }\n  }\n": types.SignOffEventsDocument,
    "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    definedAt\n    openCount\n  }\n": types.OperationFieldsFragmentDoc,
    "\n  query Operations($includeRetired: Boolean) {\n    operations(includeRetired: $includeRetired) {\n      ...OperationFields\n    }\n  }\n": types.OperationsDocument,
    "\n  query Operation($op: String!, $version: Int) {\n    operation(op: $op, version: $version) {\n      ...OperationFields\n    }\n  }\n": types.OperationDocument,
    "\n  mutation RedeemSignOff($input: RedeemSignOffInput!) {\n    redeemSignOff(input: $input) {\n      __typename\n      ... on SignOffRedeemed {\n        approval\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on AlreadyRedeemed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on GrantLapsed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.RedeemSignOffDocument,
    "\n  mutation ReportSignOffOutcome($input: ReportSignOffOutcomeInput!) {\n    reportSignOffOutcome(input: $input) {\n      __typename\n      ... on SignOffOutcomeReported {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.ReportSignOffOutcomeDocument,
    "\n  fragment ManifestFields on Manifest {\n    name\n    version\n    digest\n    content\n    canonical\n    format\n    attestation {\n      keyId\n      signature\n    }\n    verified\n    publishedAt\n  }\n": types.ManifestFieldsFragmentDoc,
    "\n  mutation PublishManifest($input: PublishManifestInput!) {\n    publishManifest(input: $input) {\n      __typename\n      ... on ManifestPublished {\n        verdict\n        manifest {\n          ...ManifestFields\n        }\n      }\n      ... on ManifestVersionTaken {\n        storedDigest\n      }\n      ... on LimitReached {\n        max\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n": types.PublishManifestDocument,
    "\n  query Manifest($name: String!, $version: String!, $verify: Boolean) {\n    manifest(name: $name, version: $version, verify: $verify) {\n      ...ManifestFields\n    }\n  }\n": types.ManifestDocument,
    "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManifestNamesDocument,
    "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManifestVersionsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n"): typeof import('./graphql.js').AmountFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n  }\n"): typeof import('./graphql.js').AuthorityFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReceiptFields on Receipt {\n    dispatchKey\n    tokens\n    minorUnits\n    remaining {\n      ...AmountFields\n    }\n    ordinal\n    drawnAt\n  }\n"): typeof import('./graphql.js').ReceiptFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Authorities($first: Int!, $after: String) {\n    authorities(first: $first, after: $after) {\n      nodes {\n        ...AuthorityFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').AuthoritiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Authority($id: ID!) {\n    authority(id: $id) {\n      ...AuthorityFields\n    }\n  }\n"): typeof import('./graphql.js').AuthorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DrawOutcomeFields on DrawAuthorityResult {\n    __typename\n    ... on Drawn {\n      replayed\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on Revoked {\n      reason\n    }\n    ... on Exhausted {\n      remaining {\n        ...AmountFields\n      }\n    }\n    ... on DispatchKeyReused {\n      receipt {\n        ...ReceiptFields\n      }\n    }\n    ... on DomainError {\n      code\n      message\n    }\n  }\n"): typeof import('./graphql.js').DrawOutcomeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DrawAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n    }\n  }\n"): typeof import('./graphql.js').DrawAuthorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DrawAuthorityWithAuthority($input: DrawAuthorityInput!) {\n    drawAuthority(input: $input) {\n      ...DrawOutcomeFields\n      ... on Drawn {\n        authority {\n          ...AuthorityFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').DrawAuthorityWithAuthorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    description\n    irreversible\n    risk\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n      code\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    requestedInputHash\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    secretState\n    secretExpiresAt\n    redeemBy\n    redeemedAt\n  }\n"): typeof import('./graphql.js').SignOffFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestSignOff($input: RequestSignOffInput!) {\n    requestSignOff(input: $input) {\n      __typename\n      ... on SignOffRequested {\n        existing\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').RequestSignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n"): typeof import('./graphql.js').SignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignOffs($state: SignOffState, $decided: Boolean, $op: String, $requestedInputHash: String, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, op: $op, requestedInputHash: $requestedInputHash, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').SignOffsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WithdrawSignOff($id: ID!) {\n    withdrawSignOff(id: $id) {\n      __typename\n      ... on SignOffWithdrawn {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').WithdrawSignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TakeSignOffSecret($id: ID!) {\n    takeSignOffSecret(id: $id) {\n      __typename\n      ... on SignOffSecret {\n        secret\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').TakeSignOffSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          id\n          name\n          code\n          state\n          createdAt\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').CreateRepositoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        id\n        name\n        code\n        state\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').RepositoriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SignOffEvents($id: ID) {\n    signOffEvents(id: $id) {\n      signOff {\n        ...SignOffFields\n      }\n    }\n  }\n"): typeof import('./graphql.js').SignOffEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    definedAt\n    openCount\n  }\n"): typeof import('./graphql.js').OperationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Operations($includeRetired: Boolean) {\n    operations(includeRetired: $includeRetired) {\n      ...OperationFields\n    }\n  }\n"): typeof import('./graphql.js').OperationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Operation($op: String!, $version: Int) {\n    operation(op: $op, version: $version) {\n      ...OperationFields\n    }\n  }\n"): typeof import('./graphql.js').OperationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeemSignOff($input: RedeemSignOffInput!) {\n    redeemSignOff(input: $input) {\n      __typename\n      ... on SignOffRedeemed {\n        approval\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on AlreadyRedeemed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on GrantLapsed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').RedeemSignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportSignOffOutcome($input: ReportSignOffOutcomeInput!) {\n    reportSignOffOutcome(input: $input) {\n      __typename\n      ... on SignOffOutcomeReported {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on SignOffClosed {\n        signOff {\n          ...SignOffFields\n        }\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').ReportSignOffOutcomeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManifestFields on Manifest {\n    name\n    version\n    digest\n    content\n    canonical\n    format\n    attestation {\n      keyId\n      signature\n    }\n    verified\n    publishedAt\n  }\n"): typeof import('./graphql.js').ManifestFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishManifest($input: PublishManifestInput!) {\n    publishManifest(input: $input) {\n      __typename\n      ... on ManifestPublished {\n        verdict\n        manifest {\n          ...ManifestFields\n        }\n      }\n      ... on ManifestVersionTaken {\n        storedDigest\n      }\n      ... on LimitReached {\n        max\n      }\n      ... on DomainError {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.js').PublishManifestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Manifest($name: String!, $version: String!, $verify: Boolean) {\n    manifest(name: $name, version: $version, verify: $verify) {\n      ...ManifestFields\n    }\n  }\n"): typeof import('./graphql.js').ManifestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').ManifestNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').ManifestVersionsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
