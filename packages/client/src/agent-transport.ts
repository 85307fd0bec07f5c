import { randomUUID } from 'node:crypto';
import { CountersignError } from './errors.js';
import type { Answer, SendOperation, TypedDocument } from './http.js';
import type { WriteOptions } from './agent-options.js';
import { retryDelay, sleep, type RetryOptions } from './retry.js';

/** What an idempotency key may be, as the API checks it: 1 to 255 printable ASCII characters. */
const IDEMPOTENCY_KEY = /^[ -~]{1,255}$/;

/**
 * How an agent's calls reach the API: queries sent once, writes sent under
 * one idempotency key and repeated with it while their outcome is unknown,
 * within the agent's retry bounds.
 */
export class AgentTransport {
  constructor(
    readonly send: SendOperation,
    private readonly retry: Required<RetryOptions>,
  ) {}

  /** A query (or a write that must not be keyed, such as taking a secret), sent once. */
  async execute<TData, TVariables>(document: TypedDocument<TData, TVariables>, variables: TVariables): Promise<TData> {
    return (await this.send(document, variables)).data;
  }

  /**
   * A write: sent with the call's one idempotency key, and sent again with
   * it while its outcome is unknown (see `retryDelay`), within the retry
   * bounds. The last failure is thrown with the key on it.
   */
  async write<TData, TVariables>(document: TypedDocument<TData, TVariables>, variables: TVariables, { idempotencyKey }: WriteOptions): Promise<Answer<TData>> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new CountersignError('BAD_INPUT', 'An idempotency key is 1 to 255 printable ASCII characters.');
    }
    const key = idempotencyKey ?? randomUUID();
    return this.retried(() => this.send(document, variables, { idempotencyKey: key }));
  }

  /**
   * `send`, called again while its outcome is unknown (see `retryDelay`),
   * within the retry bounds: only for a call that is safe to repeat (a keyed
   * write, or a draw under its dispatch key). The last failure is thrown.
   */
  async retried<T>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        const delay = retryDelay(error, attempt, this.retry);
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }
}
