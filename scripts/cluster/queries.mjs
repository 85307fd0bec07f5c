// The GraphQL the clients of a cluster run send.

export const DRAW = `mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) {
  __typename ... on Drawn { replayed receipt { dispatchKey tokens } } ... on DomainError { code message } } }`;
export const ASK = `mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) {
  __typename ... on SignOffRequested { existing signOff { id } } ... on DomainError { code message } } }`;
export const DECIDE = `mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) {
  __typename ... on SignOffDecided { signOff { id state } } ... on SignOffClosed { signOff { id state } } ... on DomainError { code message } } }`;
export const PENDING = `{ signOffs(state: PENDING, first: 100) { nodes { id } } }`;
export const SIGN_OFF_EVENTS = 'subscription { signOffEvents { signOff { id state } } }';
