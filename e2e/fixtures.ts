import { test as base, expect, type BrowserContext } from '@playwright/test';
import { startApiServer, type ApiServer } from './support/api-server.js';
import { postGraphQL } from './support/graphql.js';

/** The first owner, created through the API with the server's setup token. */
export interface OwnerCredentials {
  tenantName: string;
  email: string;
  password: string;
}

interface WorkerFixtures {
  /**
   * Gives the file a worker (hence an API server and database) of its own.
   * Specs that drive the one-time setup through the UI need a server whose
   * setup link has not been used; files that set it differ in their worker.
   */
  dedicatedServer: boolean;
  /** The API (with the built console) this worker's tests run against. */
  server: ApiServer;
  /** The worker's first owner, set up once through the API (seeding never goes through the UI). */
  owner: OwnerCredentials;
}

interface TestFixtures {
  /** The server's first-owner setup link, as printed at start. */
  setupUrl: string;
  /** Signs `context` in as the owner through the API; the session cookie lands in the context's jar. */
  signInAsOwner: (context: BrowserContext) => Promise<void>;
}

const SETUP_FIRST_OWNER = /* GraphQL */ `
  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {
    setupFirstOwner(input: $input) { __typename ... on DomainError { code message } }
  }
`;

const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) { __typename ... on DomainError { code message } }
  }
`;

/** The project's `test`: every spec imports it (and `expect`) from here. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  dedicatedServer: [false, { scope: 'worker', option: true }],

  server: [
    async ({ dedicatedServer: _dedicated }, use) => {
      const server = await startApiServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  owner: [
    async ({ server, playwright }, use) => {
      const owner: OwnerCredentials = { tenantName: 'Acme', email: 'owner@acme.test', password: 'correct horse battery' };
      const request = await playwright.request.newContext({ baseURL: server.baseURL });
      try {
        const answer = await postGraphQL<{ setupFirstOwner: { __typename: string; message?: string } }>(request, SETUP_FIRST_OWNER, {
          variables: { input: { token: server.setupToken, ...owner } },
        });
        if (answer.data?.setupFirstOwner.__typename !== 'SetupCompleted') {
          throw new Error(`Setting up the first owner failed: ${JSON.stringify(answer)}`);
        }
      } finally {
        await request.dispose();
      }
      await use(owner);
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  setupUrl: async ({ server }, use) => {
    await use(server.setupUrl);
  },

  signInAsOwner: async ({ owner }, use) => {
    await use(async (context) => {
      const answer = await postGraphQL<{ signIn: { __typename: string } }>(context.request, SIGN_IN, {
        variables: { input: { email: owner.email, password: owner.password } },
      });
      expect(answer.data?.signIn.__typename, 'signing in through the API').toBe('SignedIn');
    });
  },
});

export { expect };
