import type { APIRequestContext } from '@playwright/test';

/** A GraphQL answer as the wire carries it: the HTTP status, data and errors. */
export interface GraphQLAnswer<TData = Record<string, unknown>> {
  status: number;
  data: TData | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

export interface PostGraphQLOptions {
  variables?: Record<string, unknown>;
  /** Sent as `Authorization: Bearer <key>`: how an agent authenticates. */
  bearer?: string;
  /** A raw `Cookie` header, to replay a console session outside the browser. */
  cookie?: string;
}

/**
 * POSTs one operation to `/graphql` the way any client would (JSON body, which
 * the API's CSRF guard requires) and returns transport status and body apart,
 * so tests can assert on exceptional errors and on domain results separately.
 */
export async function postGraphQL<TData = Record<string, unknown>>(
  request: APIRequestContext,
  query: string,
  { variables, bearer, cookie }: PostGraphQLOptions = {},
): Promise<GraphQLAnswer<TData>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (cookie) headers.cookie = cookie;
  const response = await request.post('/graphql', { headers, data: { query, variables } });
  const body = (await response.json()) as { data?: TData | null; errors?: GraphQLAnswer['errors'] };
  return { status: response.status(), data: body.data, errors: body.errors };
}

/** The viewer query agents and owners both use to ask "who am I". */
export const VIEWER_QUERY = /* GraphQL */ `
  query Viewer {
    viewer {
      __typename
      ... on Agent {
        name
      }
      ... on Owner {
        email
      }
    }
  }
`;
