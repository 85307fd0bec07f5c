import { text, type SignedInOwner, type TestApi, type Wire } from './testkit.js';
import type { TestSubscription } from './push-receiver.js';

// The GraphQL calls the push tests make, as the console's settings page makes them.

const REGISTER = `mutation($input: RegisterPushDeviceInput!) {
  registerPushDevice(input: $input) {
    __typename ... on PushDeviceRegistered { device { id name createdAt lastUsedAt } } ... on LimitReached { code message limit max }
  }
}`;

/** Sends registerPushDevice as is, with the owner's session or a token; answers the whole response. */
export function tryRegister(api: TestApi, auth: { cookie?: string; key?: string }, input: Record<string, unknown>) {
  return api.graphql(REGISTER, { input }, auth);
}

/** Registers a receiver's subscription for the owner, expecting success; returns the device. */
export async function registerDevice(api: TestApi, owner: SignedInOwner, subscription: TestSubscription, name = 'Work laptop'): Promise<Wire> {
  const response = await tryRegister(api, { cookie: owner.cookie }, { name, endpoint: subscription.endpoint, keys: subscription.keys });
  const result = response.data?.registerPushDevice;
  if (text(result?.__typename) !== 'PushDeviceRegistered') throw new Error(`registerPushDevice failed: ${JSON.stringify(response)}`);
  return result!.device!;
}

export async function devicesOf(api: TestApi, owner: SignedInOwner): Promise<Wire[]> {
  const response = await api.graphql('{ pushDevices { id name createdAt lastUsedAt } }', {}, { cookie: owner.cookie });
  if (!response.data) throw new Error(`pushDevices failed: ${JSON.stringify(response)}`);
  return response.data.pushDevices as unknown as Wire[];
}

export function removeDevice(api: TestApi, auth: { cookie?: string; key?: string }, id: string) {
  return api.graphql('mutation($id: ID!) { removePushDevice(id: $id) { __typename ... on PushDeviceRemoved { id } ... on NotFound { code } } }', { id }, auth);
}

/** The server's VAPID public key, as the database keeps it (made at the server's start). */
export async function serverVapidKey(api: TestApi): Promise<string> {
  const { rows } = await api.db.pool.query<{ public_key: string }>('SELECT public_key FROM vapid_keys WHERE id = 1');
  if (!rows[0]) throw new Error('no VAPID key yet');
  return rows[0].public_key;
}
