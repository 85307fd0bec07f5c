import type { APIRequestContext } from '@playwright/test';
import { postGraphQL } from './graphql.js';

const DECIDE_SIGN_OFF = /* GraphQL */ `
  mutation DecideSignOff($input: DecideSignOffInput!) {
    decideSignOff(input: $input) {
      __typename
      ... on SignOffDecided {
        signOff {
          state
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`;

/**
 * Decides a request as the owner through the API (the `request` must carry
 * the owner's session cookie), for specs that seed decided requests rather
 * than test deciding; answers the state the request ended in.
 */
export async function decideThroughApi(request: APIRequestContext, id: string, approve: boolean, note?: string): Promise<string> {
  const answer = await postGraphQL<{ decideSignOff: { __typename: string; signOff?: { state: string } } }>(request, DECIDE_SIGN_OFF, {
    variables: { input: { id, approve, note: note ?? null } },
  });
  const result = answer.data?.decideSignOff;
  if (result?.__typename !== 'SignOffDecided' || !result.signOff) throw new Error(`Deciding ${id} failed: ${JSON.stringify(answer)}`);
  return result.signOff.state;
}
