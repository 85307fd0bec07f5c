import { CountersignAgent } from '@countersign/client';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import WebSocket from 'ws';
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
   * Files setting the same value share a worker: a spec that needs its
   * server to itself names it with a string of its own.
   */
  dedicatedServer: boolean | string;
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
  /**
   * Creates an agent of the worker's owner through the API (`createAgent`
   * with the owner's session) and answers `@countersign/client` acting as
   * it, the way a real agent would embed it. Clients are closed after the test.
   */
  seedAgent: (name: string) => Promise<SeededAgent>;
}

/** An agent created for a test, and the client that speaks for it. */
export interface SeededAgent {
  name: string;
  client: CountersignAgent;
}

const SETUP_FIRST_OWNER = /* GraphQL */ `
  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {
    setupFirstOwner(input: $input) {
      __typename
      ... on DomainError {
        code
        message
      }
    }
  }
`;

const CREATE_AGENT = /* GraphQL */ `
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      __typename
      ... on AgentCreated {
        key
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`;

const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on DomainError {
        code
        message
      }
    }
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

  seedAgent: async ({ owner, server, playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    const clients: CountersignAgent[] = [];
    try {
      const signedIn = await postGraphQL<{ signIn: { __typename: string } }>(request, SIGN_IN, {
        variables: { input: { email: owner.email, password: owner.password } },
      });
      expect(signedIn.data?.signIn.__typename, 'signing in through the API to seed agents').toBe('SignedIn');
      await use(async (name) => {
        const created = await postGraphQL<{ createAgent: { __typename: string; key?: string } }>(request, CREATE_AGENT, {
          variables: { input: { name } },
        });
        const key = created.data?.createAgent.key;
        if (!key) throw new Error(`Creating agent ${name} failed: ${JSON.stringify(created)}`);
        // Node 20 has no global WebSocket; the client takes the `ws` package's.
        const client = new CountersignAgent({ url: server.baseURL, key, webSocketImpl: WebSocket });
        clients.push(client);
        return { name, client };
      });
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await request.dispose();
    }
  },
});

/**
 * A name no other test in the worker (which shares one server and owner) has
 * used: letters, digits and dashes, valid for agents and repositories alike.
 */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export { expect };
