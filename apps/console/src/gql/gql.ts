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
    "\n  fragment AgentFields on Agent {\n    id\n    name\n    keyPrefix\n    createdAt\n    revokedAt\n    revoked\n  }\n": typeof types.AgentFieldsFragmentDoc,
    "\n  query Agents($first: Int!, $after: String) {\n    agents(first: $first, after: $after) {\n      nodes {\n        ...AgentFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      __typename\n      ... on AgentCreated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.CreateAgentDocument,
    "\n  mutation RevokeAgent($input: RevokeAgentInput!) {\n    revokeAgent(input: $input) {\n      __typename\n      ... on AgentRevoked {\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeAgentDocument,
    "\n  mutation RotateAgentKey($input: RotateAgentKeyInput!) {\n    rotateAgentKey(input: $input) {\n      __typename\n      ... on AgentKeyRotated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RotateAgentKeyDocument,
    "\n  subscription AgentEvents {\n    agentEvents {\n      kind\n      agent {\n        ...AgentFields\n      }\n    }\n  }\n": typeof types.AgentEventsDocument,
    "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n": typeof types.AmountFieldsFragmentDoc,
    "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n    lastDrawnAt\n    grantedBy {\n      id\n    }\n  }\n": typeof types.AuthorityFieldsFragmentDoc,
    "\n  fragment ReceiptFields on Receipt {\n    dispatchKey\n    tokens\n    minorUnits\n    remaining {\n      ...AmountFields\n    }\n    ordinal\n    drawnAt\n  }\n": typeof types.ReceiptFieldsFragmentDoc,
    "\n  query Authorities($first: Int!, $after: String) {\n    authorities(first: $first, after: $after) {\n      nodes {\n        ...AuthorityFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AuthoritiesDocument,
    "\n  query AuthorityReceipts($id: ID!, $first: Int, $after: String) {\n    authority(id: $id) {\n      id\n      receipts(first: $first, after: $after) {\n        nodes {\n          ...ReceiptFields\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.AuthorityReceiptsDocument,
    "\n  mutation IssueAuthority($input: IssueAuthorityInput!) {\n    issueAuthority(input: $input) {\n      __typename\n      ... on AuthorityIssued {\n        existing\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.IssueAuthorityDocument,
    "\n  mutation RevokeAuthority($input: RevokeAuthorityInput!) {\n    revokeAuthority(input: $input) {\n      __typename\n      ... on AuthorityRevoked {\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeAuthorityDocument,
    "\n  subscription AuthorityEvents {\n    authorityEvents {\n      authority {\n        id\n      }\n    }\n  }\n": typeof types.AuthorityEventsDocument,
    "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    webhookUrl\n    effectTemplate\n    fieldOrder\n    definedAt\n    openCount\n  }\n": typeof types.OperationFieldsFragmentDoc,
    "\n  query Operations {\n    operations(includeRetired: true) {\n      ...OperationFields\n    }\n  }\n": typeof types.OperationsDocument,
    "\n  mutation DefineOperation($input: DefineOperationInput!) {\n    defineOperation(input: $input) {\n      __typename\n      ... on OperationDefined {\n        created\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.DefineOperationDocument,
    "\n  mutation RetireOperation($op: String!) {\n    retireOperation(op: $op) {\n      __typename\n      ... on OperationRetirement {\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RetireOperationDocument,
    "\n  mutation RotateWebhookSecret($op: String!) {\n    rotateWebhookSecret(op: $op) {\n      __typename\n      ... on WebhookSecretRotated {\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  query TenantOwners {\n    tenantOwners {\n      id\n      email\n      createdAt\n    }\n  }\n": typeof types.TenantOwnersDocument,
    "\n  query OwnerInvitations {\n    ownerInvitations {\n      id\n      note\n      state\n      createdAt\n      expiresAt\n      invitedBy {\n        id\n        email\n      }\n      acceptedBy {\n        id\n        email\n      }\n    }\n  }\n": typeof types.OwnerInvitationsDocument,
    "\n  mutation InviteOwner($input: InviteOwnerInput!) {\n    inviteOwner(input: $input) {\n      __typename\n      ... on OwnerInvited {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ... on OwnerInvitationProposed {\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.InviteOwnerDocument,
    "\n  mutation RevokeOwnerInvitation($id: ID!) {\n    revokeOwnerInvitation(input: { id: $id }) {\n      __typename\n      ... on OwnerInvitationRevoked {\n        invitation {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeOwnerInvitationDocument,
    "\n  mutation TakeOwnerInvitationLink($signOffId: ID!) {\n    takeOwnerInvitationLink(signOffId: $signOffId) {\n      __typename\n      ... on OwnerInvitationLink {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.TakeOwnerInvitationLinkDocument,
    "\n  query ApprovalPolicies {\n    approvalPolicies {\n      op\n      approvalsRequired\n      isDefault\n      setBy {\n        id\n        email\n      }\n    }\n  }\n": typeof types.ApprovalPoliciesDocument,
    "\n  mutation SetApprovalsRequired($input: SetApprovalsRequiredInput!) {\n    setApprovalsRequired(input: $input) {\n      __typename\n      ... on ApprovalPolicySet {\n        policy {\n          op\n          approvalsRequired\n        }\n      }\n      ... on ApprovalPolicyChangeProposed {\n        existing\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.SetApprovalsRequiredDocument,
    "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManifestNamesDocument,
    "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManifestVersionsDocument,
    "\n  query ManifestVerified($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      verified\n    }\n  }\n": typeof types.ManifestVerifiedDocument,
    "\n  query Manifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      digest\n      content\n      canonical\n      format\n      attestation {\n        keyId\n        signature\n      }\n      verified\n      publishedAt\n    }\n  }\n": typeof types.ManifestDocument,
    "\n  query VerifyManifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version, verify: true) {\n      name\n      version\n      digest\n      attestation {\n        keyId\n      }\n      verified\n    }\n  }\n": typeof types.VerifyManifestDocument,
    "\n  fragment SigningKeyFields on SigningKey {\n    keyId\n    name\n    createdAt\n    revokedAt\n  }\n": typeof types.SigningKeyFieldsFragmentDoc,
    "\n  query SigningKeys($first: Int!, $after: String) {\n    signingKeys(first: $first, after: $after) {\n      nodes {\n        ...SigningKeyFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.SigningKeysDocument,
    "\n  mutation RegisterSigningKey($input: RegisterSigningKeyInput!) {\n    registerSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRegistered {\n        existing\n        key {\n          ...SigningKeyFields\n        }\n      }\n    }\n  }\n": typeof types.RegisterSigningKeyDocument,
    "\n  mutation RevokeSigningKey($input: RevokeSigningKeyInput!) {\n    revokeSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRevoked {\n        key {\n          ...SigningKeyFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeSigningKeyDocument,
    "\n  fragment RepositoryFields on Repository {\n    id\n    name\n    code\n    state\n    createdAt\n  }\n": typeof types.RepositoryFieldsFragmentDoc,
    "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        ...RepositoryFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RepositoriesDocument,
    "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          ...RepositoryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.CreateRepositoryDocument,
    "\n  mutation Reauthenticate($input: ReauthenticateInput!) {\n    reauthenticate(input: $input) {\n      __typename\n      ... on Reauthenticated {\n        until\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.ReauthenticateDocument,
    "\n  query Session {\n    viewer {\n      __typename\n      ... on Owner {\n        id\n        email\n        tenant {\n          id\n          name\n        }\n      }\n      ... on Agent {\n        id\n        name\n      }\n    }\n    setupStatus {\n      needed\n    }\n  }\n": typeof types.SessionDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      __typename\n      ... on SignedIn {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut {\n      __typename\n    }\n  }\n": typeof types.SignOutDocument,
    "\n  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {\n    setupFirstOwner(input: $input) {\n      __typename\n      ... on SetupCompleted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.SetupFirstOwnerDocument,
    "\n  query OwnerInvitationPreview($token: String!) {\n    ownerInvitation(token: $token) {\n      tenant {\n        id\n        name\n      }\n      expiresAt\n    }\n  }\n": typeof types.OwnerInvitationPreviewDocument,
    "\n  mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {\n    acceptOwnerInvitation(input: $input) {\n      __typename\n      ... on OwnerInvitationAccepted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.AcceptOwnerInvitationDocument,
    "\n  query MoneyRiskThresholds {\n    moneyRiskThresholds {\n      currency\n      minorUnits\n    }\n  }\n": typeof types.MoneyRiskThresholdsDocument,
    "\n  mutation SetMoneyRiskThreshold($input: SetMoneyRiskThresholdInput!) {\n    setMoneyRiskThreshold(input: $input) {\n      __typename\n      ... on MoneyRiskThresholdSet {\n        thresholds {\n          currency\n          minorUnits\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.SetMoneyRiskThresholdDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    format\n    events\n    description\n    createdAt\n    disabledAt\n    disabledReason\n    failingSince\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    createdAt\n    state\n    attempts\n    lastAttemptAt\n    status\n    latencyMs\n    responseSnippet\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($id: ID!, $first: Int) {\n    webhookEndpoint(id: $id) {\n      id\n      deliveries(first: $first) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on WebhookEndpointCreated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation RotateEndpointSecret($endpointId: ID!) {\n    rotateWebhookSecret(endpointId: $endpointId) {\n      __typename\n      ... on WebhookEndpointSecretRotated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RotateEndpointSecretDocument,
    "\n  mutation DisableWebhookEndpoint($id: ID!) {\n    disableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.DisableWebhookEndpointDocument,
    "\n  mutation EnableWebhookEndpoint($id: ID!) {\n    enableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.EnableWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointDeleted {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      __typename\n      ... on TestWebhookSent {\n        delivery {\n          ...WebhookDeliveryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    emailAvailable\n    emailAddress\n    email {\n      event\n      mode\n      digestMinutes\n    }\n  }\n": typeof types.NotificationSettingsFieldsFragmentDoc,
    "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n": typeof types.NotificationSettingsDocument,
    "\n  query PushPublicKey {\n    notificationSettings {\n      pushPublicKey\n    }\n  }\n": typeof types.PushPublicKeyDocument,
    "\n  mutation SetEmailPreference($input: SetEmailPreferenceInput!) {\n    setEmailPreference(input: $input) {\n      ...NotificationSettingsFields\n    }\n  }\n": typeof types.SetEmailPreferenceDocument,
    "\n  query PushDevices {\n    pushDevices {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.PushDevicesDocument,
    "\n  mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n    registerPushDevice(input: $input) {\n      __typename\n      ... on PushDeviceRegistered {\n        device {\n          id\n          name\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RegisterPushDeviceDocument,
    "\n  mutation RemovePushDevice($id: ID!) {\n    removePushDevice(id: $id) {\n      __typename\n      ... on PushDeviceRemoved {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RemovePushDeviceDocument,
    "\n  fragment OwnerTokenFields on OwnerToken {\n    id\n    name\n    scope\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.OwnerTokenFieldsFragmentDoc,
    "\n  query OwnerTokens($first: Int!, $after: String) {\n    ownerTokens(first: $first, after: $after) {\n      nodes {\n        ...OwnerTokenFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.OwnerTokensDocument,
    "\n  mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {\n    createOwnerToken(input: $input) {\n      __typename\n      ... on OwnerTokenCreated {\n        token\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.CreateOwnerTokenDocument,
    "\n  mutation RevokeOwnerToken($id: ID!) {\n    revokeOwnerToken(id: $id) {\n      __typename\n      ... on OwnerTokenRevoked {\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeOwnerTokenDocument,
    "\n  query SecondOwnerJoin {\n    secondOwnerJoin {\n      joinedAt\n      owner {\n        id\n        email\n      }\n      revokedInvitations {\n        id\n        note\n        createdAt\n      }\n      resetPolicies {\n        op\n        approvalsRequired\n        setAt\n      }\n    }\n  }\n": typeof types.SecondOwnerJoinDocument,
    "\n  query HistorySignOffs($state: SignOffState, $agent: ID, $requestedFrom: DateTime, $requestedTo: DateTime, $byRule: Boolean, $first: Int, $after: String) {\n    signOffs(\n      state: $state\n      decided: true\n      agent: $agent\n      requestedFrom: $requestedFrom\n      requestedTo: $requestedTo\n      byRule: $byRule\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        ...SignOffFields\n        secretState\n        secretExpiresAt\n        deniedBy {\n          id\n          email\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.HistorySignOffsDocument,
    "\n  fragment SignOffRuleFields on SignOffRule {\n    id\n    op\n    opVersion\n    state\n    maxApprovals\n    remaining\n    approvedCount\n    endsAt\n    createdAt\n    revokedAt\n    revokeReason\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n    }\n    constraints {\n      field\n      kind\n      equals\n      oneOf\n      atMost\n      prefix\n    }\n  }\n": typeof types.SignOffRuleFieldsFragmentDoc,
    "\n  query SignOffRules($first: Int!, $after: String) {\n    signOffRules(first: $first, after: $after) {\n      nodes {\n        ...SignOffRuleFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.SignOffRulesDocument,
    "\n  mutation RememberSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n      ... on SignOffDecided {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n    }\n  }\n": typeof types.RememberSignOffDocument,
    "\n  mutation RevokeSignOffRule($id: ID!, $reason: String!) {\n    revokeSignOffRule(id: $id, reason: $reason) {\n      __typename\n      ... on SignOffRuleRevoked {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": typeof types.RevokeSignOffRuleDocument,
    "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    operation {\n      op\n      version\n      runner\n      inputSchema\n      effectTemplate\n      fieldOrder\n    }\n    description\n    irreversible\n    risk\n    riskReasons\n    agent {\n      id\n      name\n    }\n    proposedBy {\n      id\n      email\n    }\n    approvalsRequired\n    approvals {\n      owner {\n        id\n        email\n      }\n      approvedAt\n      note\n    }\n    secretState\n    repository {\n      id\n      name\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    redeemBy\n    redeemedAt\n    deliveryAttempts {\n      attempt\n      at\n      status\n      latencyMs\n      error\n    }\n    approvedByRule {\n      id\n      maxApprovals\n      approvedCount\n    }\n  }\n": typeof types.SignOffFieldsFragmentDoc,
    "\n  query SignOffs($state: SignOffState, $decided: Boolean, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.SignOffsDocument,
    "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n": typeof types.SignOffDocument,
    "\n  fragment DecisionResult on DecideSignOffResult {\n    __typename\n    ... on SignOffDecided {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SignOffClosed {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SecondApproverRequired {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ...DomainErrorFields\n  }\n": typeof types.DecisionResultFragmentDoc,
    "\n  mutation DecideSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n    }\n  }\n": typeof types.DecideSignOffDocument,
    "\n  mutation DecideSignOffs($input: DecideSignOffsInput!) {\n    decideSignOffs(input: $input) {\n      ...DecisionResult\n    }\n  }\n": typeof types.DecideSignOffsDocument,
    "\n  query PendingSignOffCount {\n    pendingSignOffCount\n  }\n": typeof types.PendingSignOffCountDocument,
    "\n  subscription SignOffEvents {\n    signOffEvents {\n      signOff {\n        id\n        state\n      }\n    }\n  }\n": typeof types.SignOffEventsDocument,
    "\n  fragment DomainErrorFields on DomainError {\n    code\n    message\n  }\n": typeof types.DomainErrorFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  fragment AgentFields on Agent {\n    id\n    name\n    keyPrefix\n    createdAt\n    revokedAt\n    revoked\n  }\n": types.AgentFieldsFragmentDoc,
    "\n  query Agents($first: Int!, $after: String) {\n    agents(first: $first, after: $after) {\n      nodes {\n        ...AgentFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      __typename\n      ... on AgentCreated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.CreateAgentDocument,
    "\n  mutation RevokeAgent($input: RevokeAgentInput!) {\n    revokeAgent(input: $input) {\n      __typename\n      ... on AgentRevoked {\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeAgentDocument,
    "\n  mutation RotateAgentKey($input: RotateAgentKeyInput!) {\n    rotateAgentKey(input: $input) {\n      __typename\n      ... on AgentKeyRotated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RotateAgentKeyDocument,
    "\n  subscription AgentEvents {\n    agentEvents {\n      kind\n      agent {\n        ...AgentFields\n      }\n    }\n  }\n": types.AgentEventsDocument,
    "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n": types.AmountFieldsFragmentDoc,
    "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n    lastDrawnAt\n    grantedBy {\n      id\n    }\n  }\n": types.AuthorityFieldsFragmentDoc,
    "\n  fragment ReceiptFields on Receipt {\n    dispatchKey\n    tokens\n    minorUnits\n    remaining {\n      ...AmountFields\n    }\n    ordinal\n    drawnAt\n  }\n": types.ReceiptFieldsFragmentDoc,
    "\n  query Authorities($first: Int!, $after: String) {\n    authorities(first: $first, after: $after) {\n      nodes {\n        ...AuthorityFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AuthoritiesDocument,
    "\n  query AuthorityReceipts($id: ID!, $first: Int, $after: String) {\n    authority(id: $id) {\n      id\n      receipts(first: $first, after: $after) {\n        nodes {\n          ...ReceiptFields\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.AuthorityReceiptsDocument,
    "\n  mutation IssueAuthority($input: IssueAuthorityInput!) {\n    issueAuthority(input: $input) {\n      __typename\n      ... on AuthorityIssued {\n        existing\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.IssueAuthorityDocument,
    "\n  mutation RevokeAuthority($input: RevokeAuthorityInput!) {\n    revokeAuthority(input: $input) {\n      __typename\n      ... on AuthorityRevoked {\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeAuthorityDocument,
    "\n  subscription AuthorityEvents {\n    authorityEvents {\n      authority {\n        id\n      }\n    }\n  }\n": types.AuthorityEventsDocument,
    "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    webhookUrl\n    effectTemplate\n    fieldOrder\n    definedAt\n    openCount\n  }\n": types.OperationFieldsFragmentDoc,
    "\n  query Operations {\n    operations(includeRetired: true) {\n      ...OperationFields\n    }\n  }\n": types.OperationsDocument,
    "\n  mutation DefineOperation($input: DefineOperationInput!) {\n    defineOperation(input: $input) {\n      __typename\n      ... on OperationDefined {\n        created\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.DefineOperationDocument,
    "\n  mutation RetireOperation($op: String!) {\n    retireOperation(op: $op) {\n      __typename\n      ... on OperationRetirement {\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RetireOperationDocument,
    "\n  mutation RotateWebhookSecret($op: String!) {\n    rotateWebhookSecret(op: $op) {\n      __typename\n      ... on WebhookSecretRotated {\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  query TenantOwners {\n    tenantOwners {\n      id\n      email\n      createdAt\n    }\n  }\n": types.TenantOwnersDocument,
    "\n  query OwnerInvitations {\n    ownerInvitations {\n      id\n      note\n      state\n      createdAt\n      expiresAt\n      invitedBy {\n        id\n        email\n      }\n      acceptedBy {\n        id\n        email\n      }\n    }\n  }\n": types.OwnerInvitationsDocument,
    "\n  mutation InviteOwner($input: InviteOwnerInput!) {\n    inviteOwner(input: $input) {\n      __typename\n      ... on OwnerInvited {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ... on OwnerInvitationProposed {\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.InviteOwnerDocument,
    "\n  mutation RevokeOwnerInvitation($id: ID!) {\n    revokeOwnerInvitation(input: { id: $id }) {\n      __typename\n      ... on OwnerInvitationRevoked {\n        invitation {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeOwnerInvitationDocument,
    "\n  mutation TakeOwnerInvitationLink($signOffId: ID!) {\n    takeOwnerInvitationLink(signOffId: $signOffId) {\n      __typename\n      ... on OwnerInvitationLink {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.TakeOwnerInvitationLinkDocument,
    "\n  query ApprovalPolicies {\n    approvalPolicies {\n      op\n      approvalsRequired\n      isDefault\n      setBy {\n        id\n        email\n      }\n    }\n  }\n": types.ApprovalPoliciesDocument,
    "\n  mutation SetApprovalsRequired($input: SetApprovalsRequiredInput!) {\n    setApprovalsRequired(input: $input) {\n      __typename\n      ... on ApprovalPolicySet {\n        policy {\n          op\n          approvalsRequired\n        }\n      }\n      ... on ApprovalPolicyChangeProposed {\n        existing\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.SetApprovalsRequiredDocument,
    "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManifestNamesDocument,
    "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManifestVersionsDocument,
    "\n  query ManifestVerified($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      verified\n    }\n  }\n": types.ManifestVerifiedDocument,
    "\n  query Manifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      digest\n      content\n      canonical\n      format\n      attestation {\n        keyId\n        signature\n      }\n      verified\n      publishedAt\n    }\n  }\n": types.ManifestDocument,
    "\n  query VerifyManifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version, verify: true) {\n      name\n      version\n      digest\n      attestation {\n        keyId\n      }\n      verified\n    }\n  }\n": types.VerifyManifestDocument,
    "\n  fragment SigningKeyFields on SigningKey {\n    keyId\n    name\n    createdAt\n    revokedAt\n  }\n": types.SigningKeyFieldsFragmentDoc,
    "\n  query SigningKeys($first: Int!, $after: String) {\n    signingKeys(first: $first, after: $after) {\n      nodes {\n        ...SigningKeyFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.SigningKeysDocument,
    "\n  mutation RegisterSigningKey($input: RegisterSigningKeyInput!) {\n    registerSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRegistered {\n        existing\n        key {\n          ...SigningKeyFields\n        }\n      }\n    }\n  }\n": types.RegisterSigningKeyDocument,
    "\n  mutation RevokeSigningKey($input: RevokeSigningKeyInput!) {\n    revokeSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRevoked {\n        key {\n          ...SigningKeyFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeSigningKeyDocument,
    "\n  fragment RepositoryFields on Repository {\n    id\n    name\n    code\n    state\n    createdAt\n  }\n": types.RepositoryFieldsFragmentDoc,
    "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        ...RepositoryFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RepositoriesDocument,
    "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          ...RepositoryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.CreateRepositoryDocument,
    "\n  mutation Reauthenticate($input: ReauthenticateInput!) {\n    reauthenticate(input: $input) {\n      __typename\n      ... on Reauthenticated {\n        until\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.ReauthenticateDocument,
    "\n  query Session {\n    viewer {\n      __typename\n      ... on Owner {\n        id\n        email\n        tenant {\n          id\n          name\n        }\n      }\n      ... on Agent {\n        id\n        name\n      }\n    }\n    setupStatus {\n      needed\n    }\n  }\n": types.SessionDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      __typename\n      ... on SignedIn {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut {\n      __typename\n    }\n  }\n": types.SignOutDocument,
    "\n  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {\n    setupFirstOwner(input: $input) {\n      __typename\n      ... on SetupCompleted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.SetupFirstOwnerDocument,
    "\n  query OwnerInvitationPreview($token: String!) {\n    ownerInvitation(token: $token) {\n      tenant {\n        id\n        name\n      }\n      expiresAt\n    }\n  }\n": types.OwnerInvitationPreviewDocument,
    "\n  mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {\n    acceptOwnerInvitation(input: $input) {\n      __typename\n      ... on OwnerInvitationAccepted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.AcceptOwnerInvitationDocument,
    "\n  query MoneyRiskThresholds {\n    moneyRiskThresholds {\n      currency\n      minorUnits\n    }\n  }\n": types.MoneyRiskThresholdsDocument,
    "\n  mutation SetMoneyRiskThreshold($input: SetMoneyRiskThresholdInput!) {\n    setMoneyRiskThreshold(input: $input) {\n      __typename\n      ... on MoneyRiskThresholdSet {\n        thresholds {\n          currency\n          minorUnits\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.SetMoneyRiskThresholdDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    format\n    events\n    description\n    createdAt\n    disabledAt\n    disabledReason\n    failingSince\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    createdAt\n    state\n    attempts\n    lastAttemptAt\n    status\n    latencyMs\n    responseSnippet\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($id: ID!, $first: Int) {\n    webhookEndpoint(id: $id) {\n      id\n      deliveries(first: $first) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on WebhookEndpointCreated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation RotateEndpointSecret($endpointId: ID!) {\n    rotateWebhookSecret(endpointId: $endpointId) {\n      __typename\n      ... on WebhookEndpointSecretRotated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RotateEndpointSecretDocument,
    "\n  mutation DisableWebhookEndpoint($id: ID!) {\n    disableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.DisableWebhookEndpointDocument,
    "\n  mutation EnableWebhookEndpoint($id: ID!) {\n    enableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.EnableWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointDeleted {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      __typename\n      ... on TestWebhookSent {\n        delivery {\n          ...WebhookDeliveryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    emailAvailable\n    emailAddress\n    email {\n      event\n      mode\n      digestMinutes\n    }\n  }\n": types.NotificationSettingsFieldsFragmentDoc,
    "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n": types.NotificationSettingsDocument,
    "\n  query PushPublicKey {\n    notificationSettings {\n      pushPublicKey\n    }\n  }\n": types.PushPublicKeyDocument,
    "\n  mutation SetEmailPreference($input: SetEmailPreferenceInput!) {\n    setEmailPreference(input: $input) {\n      ...NotificationSettingsFields\n    }\n  }\n": types.SetEmailPreferenceDocument,
    "\n  query PushDevices {\n    pushDevices {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.PushDevicesDocument,
    "\n  mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n    registerPushDevice(input: $input) {\n      __typename\n      ... on PushDeviceRegistered {\n        device {\n          id\n          name\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RegisterPushDeviceDocument,
    "\n  mutation RemovePushDevice($id: ID!) {\n    removePushDevice(id: $id) {\n      __typename\n      ... on PushDeviceRemoved {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RemovePushDeviceDocument,
    "\n  fragment OwnerTokenFields on OwnerToken {\n    id\n    name\n    scope\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": types.OwnerTokenFieldsFragmentDoc,
    "\n  query OwnerTokens($first: Int!, $after: String) {\n    ownerTokens(first: $first, after: $after) {\n      nodes {\n        ...OwnerTokenFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.OwnerTokensDocument,
    "\n  mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {\n    createOwnerToken(input: $input) {\n      __typename\n      ... on OwnerTokenCreated {\n        token\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.CreateOwnerTokenDocument,
    "\n  mutation RevokeOwnerToken($id: ID!) {\n    revokeOwnerToken(id: $id) {\n      __typename\n      ... on OwnerTokenRevoked {\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeOwnerTokenDocument,
    "\n  query SecondOwnerJoin {\n    secondOwnerJoin {\n      joinedAt\n      owner {\n        id\n        email\n      }\n      revokedInvitations {\n        id\n        note\n        createdAt\n      }\n      resetPolicies {\n        op\n        approvalsRequired\n        setAt\n      }\n    }\n  }\n": types.SecondOwnerJoinDocument,
    "\n  query HistorySignOffs($state: SignOffState, $agent: ID, $requestedFrom: DateTime, $requestedTo: DateTime, $byRule: Boolean, $first: Int, $after: String) {\n    signOffs(\n      state: $state\n      decided: true\n      agent: $agent\n      requestedFrom: $requestedFrom\n      requestedTo: $requestedTo\n      byRule: $byRule\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        ...SignOffFields\n        secretState\n        secretExpiresAt\n        deniedBy {\n          id\n          email\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.HistorySignOffsDocument,
    "\n  fragment SignOffRuleFields on SignOffRule {\n    id\n    op\n    opVersion\n    state\n    maxApprovals\n    remaining\n    approvedCount\n    endsAt\n    createdAt\n    revokedAt\n    revokeReason\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n    }\n    constraints {\n      field\n      kind\n      equals\n      oneOf\n      atMost\n      prefix\n    }\n  }\n": types.SignOffRuleFieldsFragmentDoc,
    "\n  query SignOffRules($first: Int!, $after: String) {\n    signOffRules(first: $first, after: $after) {\n      nodes {\n        ...SignOffRuleFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.SignOffRulesDocument,
    "\n  mutation RememberSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n      ... on SignOffDecided {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n    }\n  }\n": types.RememberSignOffDocument,
    "\n  mutation RevokeSignOffRule($id: ID!, $reason: String!) {\n    revokeSignOffRule(id: $id, reason: $reason) {\n      __typename\n      ... on SignOffRuleRevoked {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n": types.RevokeSignOffRuleDocument,
    "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    operation {\n      op\n      version\n      runner\n      inputSchema\n      effectTemplate\n      fieldOrder\n    }\n    description\n    irreversible\n    risk\n    riskReasons\n    agent {\n      id\n      name\n    }\n    proposedBy {\n      id\n      email\n    }\n    approvalsRequired\n    approvals {\n      owner {\n        id\n        email\n      }\n      approvedAt\n      note\n    }\n    secretState\n    repository {\n      id\n      name\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    redeemBy\n    redeemedAt\n    deliveryAttempts {\n      attempt\n      at\n      status\n      latencyMs\n      error\n    }\n    approvedByRule {\n      id\n      maxApprovals\n      approvedCount\n    }\n  }\n": types.SignOffFieldsFragmentDoc,
    "\n  query SignOffs($state: SignOffState, $decided: Boolean, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.SignOffsDocument,
    "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n": types.SignOffDocument,
    "\n  fragment DecisionResult on DecideSignOffResult {\n    __typename\n    ... on SignOffDecided {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SignOffClosed {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SecondApproverRequired {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ...DomainErrorFields\n  }\n": types.DecisionResultFragmentDoc,
    "\n  mutation DecideSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n    }\n  }\n": types.DecideSignOffDocument,
    "\n  mutation DecideSignOffs($input: DecideSignOffsInput!) {\n    decideSignOffs(input: $input) {\n      ...DecisionResult\n    }\n  }\n": types.DecideSignOffsDocument,
    "\n  query PendingSignOffCount {\n    pendingSignOffCount\n  }\n": types.PendingSignOffCountDocument,
    "\n  subscription SignOffEvents {\n    signOffEvents {\n      signOff {\n        id\n        state\n      }\n    }\n  }\n": types.SignOffEventsDocument,
    "\n  fragment DomainErrorFields on DomainError {\n    code\n    message\n  }\n": types.DomainErrorFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentFields on Agent {\n    id\n    name\n    keyPrefix\n    createdAt\n    revokedAt\n    revoked\n  }\n"): typeof import('./graphql.js').AgentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agents($first: Int!, $after: String) {\n    agents(first: $first, after: $after) {\n      nodes {\n        ...AgentFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').AgentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      __typename\n      ... on AgentCreated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').CreateAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAgent($input: RevokeAgentInput!) {\n    revokeAgent(input: $input) {\n      __typename\n      ... on AgentRevoked {\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateAgentKey($input: RotateAgentKeyInput!) {\n    rotateAgentKey(input: $input) {\n      __typename\n      ... on AgentKeyRotated {\n        key\n        agent {\n          ...AgentFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RotateAgentKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AgentEvents {\n    agentEvents {\n      kind\n      agent {\n        ...AgentFields\n      }\n    }\n  }\n"): typeof import('./graphql.js').AgentEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AmountFields on Amounts {\n    tokens\n    minorUnits\n    draws\n  }\n"): typeof import('./graphql.js').AmountFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthorityFields on Authority {\n    id\n    name\n    agent {\n      id\n      name\n    }\n    ceiling {\n      ...AmountFields\n    }\n    currency\n    perDrawTokens\n    perDrawMinorUnits\n    notBefore\n    notAfter\n    createdAt\n    drawn {\n      ...AmountFields\n    }\n    remaining {\n      ...AmountFields\n    }\n    state\n    revokedAt\n    revokeReason\n    lastDrawnAt\n    grantedBy {\n      id\n    }\n  }\n"): typeof import('./graphql.js').AuthorityFieldsFragmentDoc;
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
export function graphql(source: "\n  query AuthorityReceipts($id: ID!, $first: Int, $after: String) {\n    authority(id: $id) {\n      id\n      receipts(first: $first, after: $after) {\n        nodes {\n          ...ReceiptFields\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').AuthorityReceiptsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueAuthority($input: IssueAuthorityInput!) {\n    issueAuthority(input: $input) {\n      __typename\n      ... on AuthorityIssued {\n        existing\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').IssueAuthorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAuthority($input: RevokeAuthorityInput!) {\n    revokeAuthority(input: $input) {\n      __typename\n      ... on AuthorityRevoked {\n        authority {\n          ...AuthorityFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeAuthorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AuthorityEvents {\n    authorityEvents {\n      authority {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.js').AuthorityEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OperationFields on Operation {\n    op\n    version\n    summary\n    description\n    irreversible\n    risk\n    runner\n    retired\n    inputSchema\n    secretFields\n    needsRepository\n    webhookUrl\n    effectTemplate\n    fieldOrder\n    definedAt\n    openCount\n  }\n"): typeof import('./graphql.js').OperationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Operations {\n    operations(includeRetired: true) {\n      ...OperationFields\n    }\n  }\n"): typeof import('./graphql.js').OperationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DefineOperation($input: DefineOperationInput!) {\n    defineOperation(input: $input) {\n      __typename\n      ... on OperationDefined {\n        created\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').DefineOperationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetireOperation($op: String!) {\n    retireOperation(op: $op) {\n      __typename\n      ... on OperationRetirement {\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RetireOperationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($op: String!) {\n    rotateWebhookSecret(op: $op) {\n      __typename\n      ... on WebhookSecretRotated {\n        webhookSecret\n        operation {\n          ...OperationFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TenantOwners {\n    tenantOwners {\n      id\n      email\n      createdAt\n    }\n  }\n"): typeof import('./graphql.js').TenantOwnersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OwnerInvitations {\n    ownerInvitations {\n      id\n      note\n      state\n      createdAt\n      expiresAt\n      invitedBy {\n        id\n        email\n      }\n      acceptedBy {\n        id\n        email\n      }\n    }\n  }\n"): typeof import('./graphql.js').OwnerInvitationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOwner($input: InviteOwnerInput!) {\n    inviteOwner(input: $input) {\n      __typename\n      ... on OwnerInvited {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ... on OwnerInvitationProposed {\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').InviteOwnerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOwnerInvitation($id: ID!) {\n    revokeOwnerInvitation(input: { id: $id }) {\n      __typename\n      ... on OwnerInvitationRevoked {\n        invitation {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeOwnerInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TakeOwnerInvitationLink($signOffId: ID!) {\n    takeOwnerInvitationLink(signOffId: $signOffId) {\n      __typename\n      ... on OwnerInvitationLink {\n        token\n        invitation {\n          id\n          expiresAt\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').TakeOwnerInvitationLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApprovalPolicies {\n    approvalPolicies {\n      op\n      approvalsRequired\n      isDefault\n      setBy {\n        id\n        email\n      }\n    }\n  }\n"): typeof import('./graphql.js').ApprovalPoliciesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetApprovalsRequired($input: SetApprovalsRequiredInput!) {\n    setApprovalsRequired(input: $input) {\n      __typename\n      ... on ApprovalPolicySet {\n        policy {\n          op\n          approvalsRequired\n        }\n      }\n      ... on ApprovalPolicyChangeProposed {\n        existing\n        signOff {\n          id\n          state\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').SetApprovalsRequiredDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManifestNames($first: Int!, $after: String) {\n    manifestNames(first: $first, after: $after) {\n      nodes\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').ManifestNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManifestVersions($name: String!, $first: Int!, $after: String) {\n    manifestVersions(name: $name, first: $first, after: $after) {\n      nodes {\n        version\n        digest\n        signed\n        publishedAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').ManifestVersionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManifestVerified($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      verified\n    }\n  }\n"): typeof import('./graphql.js').ManifestVerifiedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Manifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version) {\n      name\n      version\n      digest\n      content\n      canonical\n      format\n      attestation {\n        keyId\n        signature\n      }\n      verified\n      publishedAt\n    }\n  }\n"): typeof import('./graphql.js').ManifestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VerifyManifest($name: String!, $version: String!) {\n    manifest(name: $name, version: $version, verify: true) {\n      name\n      version\n      digest\n      attestation {\n        keyId\n      }\n      verified\n    }\n  }\n"): typeof import('./graphql.js').VerifyManifestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SigningKeyFields on SigningKey {\n    keyId\n    name\n    createdAt\n    revokedAt\n  }\n"): typeof import('./graphql.js').SigningKeyFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningKeys($first: Int!, $after: String) {\n    signingKeys(first: $first, after: $after) {\n      nodes {\n        ...SigningKeyFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').SigningKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterSigningKey($input: RegisterSigningKeyInput!) {\n    registerSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRegistered {\n        existing\n        key {\n          ...SigningKeyFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').RegisterSigningKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSigningKey($input: RevokeSigningKeyInput!) {\n    revokeSigningKey(input: $input) {\n      __typename\n      ... on SigningKeyRevoked {\n        key {\n          ...SigningKeyFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeSigningKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RepositoryFields on Repository {\n    id\n    name\n    code\n    state\n    createdAt\n  }\n"): typeof import('./graphql.js').RepositoryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Repositories($first: Int!, $after: String) {\n    repositories(first: $first, after: $after) {\n      nodes {\n        ...RepositoryFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').RepositoriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRepository($input: CreateRepositoryInput!) {\n    createRepository(input: $input) {\n      __typename\n      ... on RepositoryCreated {\n        repository {\n          ...RepositoryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').CreateRepositoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Reauthenticate($input: ReauthenticateInput!) {\n    reauthenticate(input: $input) {\n      __typename\n      ... on Reauthenticated {\n        until\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').ReauthenticateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Session {\n    viewer {\n      __typename\n      ... on Owner {\n        id\n        email\n        tenant {\n          id\n          name\n        }\n      }\n      ... on Agent {\n        id\n        name\n      }\n    }\n    setupStatus {\n      needed\n    }\n  }\n"): typeof import('./graphql.js').SessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      __typename\n      ... on SignedIn {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut {\n      __typename\n    }\n  }\n"): typeof import('./graphql.js').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {\n    setupFirstOwner(input: $input) {\n      __typename\n      ... on SetupCompleted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').SetupFirstOwnerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OwnerInvitationPreview($token: String!) {\n    ownerInvitation(token: $token) {\n      tenant {\n        id\n        name\n      }\n      expiresAt\n    }\n  }\n"): typeof import('./graphql.js').OwnerInvitationPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {\n    acceptOwnerInvitation(input: $input) {\n      __typename\n      ... on OwnerInvitationAccepted {\n        owner {\n          id\n          email\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').AcceptOwnerInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MoneyRiskThresholds {\n    moneyRiskThresholds {\n      currency\n      minorUnits\n    }\n  }\n"): typeof import('./graphql.js').MoneyRiskThresholdsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMoneyRiskThreshold($input: SetMoneyRiskThresholdInput!) {\n    setMoneyRiskThreshold(input: $input) {\n      __typename\n      ... on MoneyRiskThresholdSet {\n        thresholds {\n          currency\n          minorUnits\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').SetMoneyRiskThresholdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    format\n    events\n    description\n    createdAt\n    disabledAt\n    disabledReason\n    failingSince\n  }\n"): typeof import('./graphql.js').WebhookEndpointFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    createdAt\n    state\n    attempts\n    lastAttemptAt\n    status\n    latencyMs\n    responseSnippet\n  }\n"): typeof import('./graphql.js').WebhookDeliveryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): typeof import('./graphql.js').WebhookEndpointsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($id: ID!, $first: Int) {\n    webhookEndpoint(id: $id) {\n      id\n      deliveries(first: $first) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): typeof import('./graphql.js').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on WebhookEndpointCreated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').CreateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateEndpointSecret($endpointId: ID!) {\n    rotateWebhookSecret(endpointId: $endpointId) {\n      __typename\n      ... on WebhookEndpointSecretRotated {\n        secret\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RotateEndpointSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableWebhookEndpoint($id: ID!) {\n    disableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').DisableWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableWebhookEndpoint($id: ID!) {\n    enableWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointChanged {\n        endpoint {\n          ...WebhookEndpointFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').EnableWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      __typename\n      ... on WebhookEndpointDeleted {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').DeleteWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      __typename\n      ... on TestWebhookSent {\n        delivery {\n          ...WebhookDeliveryFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationSettingsFields on NotificationSettings {\n    emailAvailable\n    emailAddress\n    email {\n      event\n      mode\n      digestMinutes\n    }\n  }\n"): typeof import('./graphql.js').NotificationSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n"): typeof import('./graphql.js').NotificationSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PushPublicKey {\n    notificationSettings {\n      pushPublicKey\n    }\n  }\n"): typeof import('./graphql.js').PushPublicKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetEmailPreference($input: SetEmailPreferenceInput!) {\n    setEmailPreference(input: $input) {\n      ...NotificationSettingsFields\n    }\n  }\n"): typeof import('./graphql.js').SetEmailPreferenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PushDevices {\n    pushDevices {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n"): typeof import('./graphql.js').PushDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n    registerPushDevice(input: $input) {\n      __typename\n      ... on PushDeviceRegistered {\n        device {\n          id\n          name\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RegisterPushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemovePushDevice($id: ID!) {\n    removePushDevice(id: $id) {\n      __typename\n      ... on PushDeviceRemoved {\n        id\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RemovePushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OwnerTokenFields on OwnerToken {\n    id\n    name\n    scope\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n"): typeof import('./graphql.js').OwnerTokenFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OwnerTokens($first: Int!, $after: String) {\n    ownerTokens(first: $first, after: $after) {\n      nodes {\n        ...OwnerTokenFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').OwnerTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {\n    createOwnerToken(input: $input) {\n      __typename\n      ... on OwnerTokenCreated {\n        token\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').CreateOwnerTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOwnerToken($id: ID!) {\n    revokeOwnerToken(id: $id) {\n      __typename\n      ... on OwnerTokenRevoked {\n        ownerToken {\n          ...OwnerTokenFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeOwnerTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SecondOwnerJoin {\n    secondOwnerJoin {\n      joinedAt\n      owner {\n        id\n        email\n      }\n      revokedInvitations {\n        id\n        note\n        createdAt\n      }\n      resetPolicies {\n        op\n        approvalsRequired\n        setAt\n      }\n    }\n  }\n"): typeof import('./graphql.js').SecondOwnerJoinDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HistorySignOffs($state: SignOffState, $agent: ID, $requestedFrom: DateTime, $requestedTo: DateTime, $byRule: Boolean, $first: Int, $after: String) {\n    signOffs(\n      state: $state\n      decided: true\n      agent: $agent\n      requestedFrom: $requestedFrom\n      requestedTo: $requestedTo\n      byRule: $byRule\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        ...SignOffFields\n        secretState\n        secretExpiresAt\n        deniedBy {\n          id\n          email\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').HistorySignOffsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SignOffRuleFields on SignOffRule {\n    id\n    op\n    opVersion\n    state\n    maxApprovals\n    remaining\n    approvedCount\n    endsAt\n    createdAt\n    revokedAt\n    revokeReason\n    agent {\n      id\n      name\n    }\n    repository {\n      id\n      name\n    }\n    constraints {\n      field\n      kind\n      equals\n      oneOf\n      atMost\n      prefix\n    }\n  }\n"): typeof import('./graphql.js').SignOffRuleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignOffRules($first: Int!, $after: String) {\n    signOffRules(first: $first, after: $after) {\n      nodes {\n        ...SignOffRuleFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').SignOffRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RememberSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n      ... on SignOffDecided {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').RememberSignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSignOffRule($id: ID!, $reason: String!) {\n    revokeSignOffRule(id: $id, reason: $reason) {\n      __typename\n      ... on SignOffRuleRevoked {\n        rule {\n          ...SignOffRuleFields\n        }\n      }\n      ...DomainErrorFields\n    }\n  }\n"): typeof import('./graphql.js').RevokeSignOffRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SignOffFields on SignOff {\n    id\n    op\n    opVersion\n    operation {\n      op\n      version\n      runner\n      inputSchema\n      effectTemplate\n      fieldOrder\n    }\n    description\n    irreversible\n    risk\n    riskReasons\n    agent {\n      id\n      name\n    }\n    proposedBy {\n      id\n      email\n    }\n    approvalsRequired\n    approvals {\n      owner {\n        id\n        email\n      }\n      approvedAt\n      note\n    }\n    secretState\n    repository {\n      id\n      name\n    }\n    input\n    inputCanonical\n    inputHash\n    requestedInput\n    changedByOwner\n    summary\n    reason\n    state\n    requestedAt\n    expiresAt\n    decidedAt\n    note\n    finishedAt\n    result\n    failure\n    redeemBy\n    redeemedAt\n    deliveryAttempts {\n      attempt\n      at\n      status\n      latencyMs\n      error\n    }\n    approvedByRule {\n      id\n      maxApprovals\n      approvedCount\n    }\n  }\n"): typeof import('./graphql.js').SignOffFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignOffs($state: SignOffState, $decided: Boolean, $first: Int, $after: String) {\n    signOffs(state: $state, decided: $decided, first: $first, after: $after) {\n      nodes {\n        ...SignOffFields\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.js').SignOffsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignOff($id: ID!) {\n    signOff(id: $id) {\n      ...SignOffFields\n    }\n  }\n"): typeof import('./graphql.js').SignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DecisionResult on DecideSignOffResult {\n    __typename\n    ... on SignOffDecided {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SignOffClosed {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ... on SecondApproverRequired {\n      signOff {\n        ...SignOffFields\n      }\n    }\n    ...DomainErrorFields\n  }\n"): typeof import('./graphql.js').DecisionResultFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideSignOff($input: DecideSignOffInput!) {\n    decideSignOff(input: $input) {\n      ...DecisionResult\n    }\n  }\n"): typeof import('./graphql.js').DecideSignOffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideSignOffs($input: DecideSignOffsInput!) {\n    decideSignOffs(input: $input) {\n      ...DecisionResult\n    }\n  }\n"): typeof import('./graphql.js').DecideSignOffsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingSignOffCount {\n    pendingSignOffCount\n  }\n"): typeof import('./graphql.js').PendingSignOffCountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SignOffEvents {\n    signOffEvents {\n      signOff {\n        id\n        state\n      }\n    }\n  }\n"): typeof import('./graphql.js').SignOffEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DomainErrorFields on DomainError {\n    code\n    message\n  }\n"): typeof import('./graphql.js').DomainErrorFieldsFragmentDoc;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
