import { text, type TestApi } from './testkit.js';

/** A new owner token of the signed-in owner (`cookie`) with this scope, its shown-once value; `name` defaults to the scope. */
export async function ownerToken(api: TestApi, cookie: string, scope: 'READ' | 'DECIDE' | 'ADMIN', name: string = scope): Promise<string> {
  const response = await api.graphql(
    'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
    { input: { name, scope } },
    { cookie },
  );
  return text(response.data?.createOwnerToken?.token);
}
