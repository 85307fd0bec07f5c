import {
  CountersignAgent,
  CountersignError,
  type CountersignAgentOptions,
  type CountersignErrorCode,
  type SignOff,
  type SignOffState,
} from '@countersign/client';

/*
 * `list_my_sign_offs` needs the API's `signOffs` query, which the client
 * does not expose yet (issue 12 adds `signOffs({ state })` to it). Until it
 * does, this subclass sends that one query itself, with the same key and
 * endpoint; everything else is the client's. Once the client has it, this
 * file shrinks to a re-export.
 */

/** Which of the agent's requests to list. */
export interface SignOffFilter {
  /** Only requests in this state; every state when left out. */
  state?: SignOffState;
  /** At most this many (1–100). */
  first?: number;
  /** The `endCursor` of the previous page. */
  after?: string;
}

/** One page of the agent's requests: pending first (oldest at the top), then the most recently decided. */
export interface SignOffPage {
  signOffs: SignOff[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** An agent that can also list its own requests: what the MCP server's `list_my_sign_offs` needs. */
export interface ListsSignOffs {
  listSignOffs(filter: SignOffFilter): Promise<SignOffPage>;
}

/** True when `agent` can list its requests (an agent made by {@link createAgent}). */
export function listsSignOffs(agent: object): agent is ListsSignOffs {
  return typeof (agent as Partial<ListsSignOffs>).listSignOffs === 'function';
}

/** The same selection as the client's `SignOffFields`, so a listed request has the client's `SignOff` shape. */
const SIGN_OFFS_QUERY = `query McpSignOffs($state: SignOffState, $first: Int, $after: String) {
  signOffs(state: $state, first: $first, after: $after) {
    nodes {
      id op opVersion description irreversible risk
      agent { id name }
      repository { id name code }
      input inputCanonical inputHash summary reason state requestedAt expiresAt decidedAt note finishedAt
      result failure secretState secretExpiresAt redeemBy redeemedAt
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface SignOffsAnswer {
  data?: { signOffs: { nodes: SignOff[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A {@link CountersignAgent} that also lists its own requests (see the note above). */
export class CountersignMcpAgent extends CountersignAgent implements ListsSignOffs {
  private readonly endpoint: string;
  private readonly key: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: CountersignAgentOptions) {
    super(options);
    const endpoint = new URL(options.url);
    if (!endpoint.pathname.endsWith('/graphql')) endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/graphql`;
    this.endpoint = endpoint.toString();
    this.key = options.key;
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * The agent's requests, one page at a time.
   *
   * @throws CountersignError with the API's code (`UNAUTHENTICATED`, `BAD_INPUT`, …), or `TRANSPORT`.
   */
  async listSignOffs({ state, first = 20, after }: SignOffFilter): Promise<SignOffPage> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ query: SIGN_OFFS_QUERY, variables: { state: state ?? null, first, after: after ?? null } }),
      });
    } catch (error) {
      throw new CountersignError('TRANSPORT', `Could not reach ${this.endpoint}: ${(error as Error).message}`, { cause: error });
    }
    let body: SignOffsAnswer;
    try {
      body = (await response.json()) as SignOffsAnswer;
    } catch (error) {
      throw new CountersignError('TRANSPORT', `${this.endpoint} answered ${response.status} without a GraphQL body.`, {
        status: response.status,
        cause: error,
      });
    }
    const failure = body.errors?.[0];
    if (failure) throw new CountersignError((failure.extensions?.code ?? 'INTERNAL') as CountersignErrorCode, failure.message, { status: response.status });
    if (!body.data) throw new CountersignError('TRANSPORT', `${this.endpoint} answered ${response.status} without data.`, { status: response.status });
    const { nodes, pageInfo } = body.data.signOffs;
    return { signOffs: nodes, hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor };
  }
}

/** The agent the MCP server acts as: the client, able to list its own requests. */
export function createAgent(options: CountersignAgentOptions): CountersignMcpAgent {
  return new CountersignMcpAgent(options);
}
