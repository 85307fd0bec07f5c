import { expect } from 'vitest';
import { fromJson, text, waitFor, type SignedInOwner, type TestApi, type Wire } from './testkit.js';
import type { Received } from './webhook-receiver.js';

const CREATE = `mutation($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    __typename ... on WebhookEndpointCreated { secret endpoint { id url format events description disabledAt } } ... on LimitReached { code message limit max }
  }
}`;

/** Adds a webhook endpoint for the owner, expecting success; returns its id and its shown-once secret. */
export async function createEndpoint(
  api: TestApi,
  owner: SignedInOwner,
  input: { url: string; events: string[]; format?: 'STANDARD' | 'SLACK'; description?: string },
): Promise<{ id: string; secret: string }> {
  const response = await api.graphql(CREATE, { input }, { cookie: owner.cookie });
  const created = response.data?.createWebhookEndpoint;
  expect(created?.__typename, JSON.stringify(response)).toBe('WebhookEndpointCreated');
  return { id: text(created!.endpoint!.id), secret: text(created!.secret) };
}

/** Sends createWebhookEndpoint as is and answers the whole response (for refusals). */
export function tryCreateEndpoint(api: TestApi, owner: SignedInOwner, input: Record<string, unknown>) {
  return api.graphql(CREATE, { input }, { cookie: owner.cookie });
}

/** The event type of a Standard Webhooks delivery. */
export const typeOf = (delivery: Received): string => text(fromJson(delivery.body).type);

/** Deliveries de-duplicated by `webhook-id`, as a receiver keeping what it has seen would count them, in arrival order. */
export function distinct(received: Received[]): Received[] {
  const seen = new Set<string>();
  return received.filter((delivery) => (seen.has(delivery.id) ? false : (seen.add(delivery.id), true)));
}

/** Waits until the receiver has `count` distinct events (by webhook-id) and answers them. */
export async function distinctEvents(received: Received[], count: number, timeoutMs = 20_000): Promise<Received[]> {
  await waitFor(() => distinct(received).length >= count, timeoutMs);
  return distinct(received);
}

/** The outbox's notification rows for a sign-off or an authority, as the database holds them. */
export async function eventRows(
  api: TestApi,
  where: { signOffId?: string; payloadContains?: string },
): Promise<{ event: string; channel: string; done: boolean }[]> {
  const { rows } = await api.db.pool.query<{ event: string; channel: string; done: boolean }>(
    `SELECT event, channel, done_at IS NOT NULL AS done FROM outbox
      WHERE event_id IS NOT NULL AND ($1::uuid IS NULL OR sign_off_id = $1::uuid) AND ($2::text IS NULL OR payload LIKE '%' || $2 || '%')
      ORDER BY event_at, channel`,
    [where.signOffId ?? null, where.payloadContains ?? null],
  );
  return rows;
}

export type { Wire };
