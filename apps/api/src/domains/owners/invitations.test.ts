import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { is, text, unique, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { hashSecret } from '../../platform/lib/secrets.js';

// docs/tenancy.md, rule T10: an owner joins a tenant by a single-use link,
// valid 72 hours, that an owner of it created.

const INVITE = `mutation($input: InviteOwnerInput!) {
  inviteOwner(input: $input) {
    __typename
    ... on OwnerInvited { token invitation { id state note createdAt expiresAt invitedBy { email } } }
    ... on OwnerInvitationProposed { signOff { id state } }
  }
}`;

const ACCEPT = `mutation($input: AcceptOwnerInvitationInput!) {
  acceptOwnerInvitation(input: $input) {
    __typename
    ... on OwnerInvitationAccepted { owner { id email tenant { id name } } }
    ... on DomainError { code message }
  }
}`;

const INVITATIONS = `{ ownerInvitations { id state acceptedAt acceptedBy { email } revokedAt } }`;

async function invite(api: TestApi, owner: SignedInOwner, note?: string): Promise<{ id: string; token: string }> {
  const response = await api.graphql(INVITE, { input: { note } }, { cookie: owner.cookie });
  expect(response.data?.inviteOwner?.__typename).toBe('OwnerInvited');
  return { id: text(response.data?.inviteOwner?.invitation?.id), token: text(response.data?.inviteOwner?.token) };
}

function accept(api: TestApi, token: string, email = `${unique('invited')}@example.com`) {
  return api.graphql(ACCEPT, { input: { token, email, password: 'a long passphrase' } });
}

async function ownersOf(api: TestApi, tenantName: string): Promise<string[]> {
  const rows = await api.db.pool.query<{ email: string }>(
    `SELECT o.email FROM owners o JOIN tenants t ON t.id = o.tenant_id WHERE t.name = $1 ORDER BY o.created_at, o.email`,
    [tenantName],
  );
  return rows.rows.map((row) => row.email);
}

describe('an owner invitation', () => {
  apiTest('gives the sole owner a link that creates an owner in their tenant and signs them in', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql(INVITE, { input: { note: 'for Dana' } }, { cookie: owner.cookie });
    const invited = response.data?.inviteOwner;
    expect(invited).toMatchObject({ __typename: 'OwnerInvited', invitation: { state: 'PENDING', note: 'for Dana', invitedBy: { email: owner.email } } });
    const token = text(invited?.token);
    expect(new Date(text(invited?.invitation?.expiresAt)).getTime() - new Date(text(invited?.invitation?.createdAt)).getTime()).toBe(72 * 3600 * 1000);
    // Only the token's hash is kept.
    const stored = await api.db.pool.query<{ token_hash: string }>(`SELECT token_hash FROM owner_invitations`);
    expect(stored.rows).toEqual([{ token_hash: hashSecret(token) }]);

    const preview = await api.graphql(`query($token: String!) { ownerInvitation(token: $token) { tenant { name } } }`, { token });
    expect(preview.data?.ownerInvitation).toEqual({ tenant: { name: owner.tenantName } });

    const accepted = await accept(api, token, 'Dana@Example.com');
    expect(accepted.data?.acceptOwnerInvitation).toMatchObject({
      __typename: 'OwnerInvitationAccepted',
      owner: { email: 'dana@example.com', tenant: { name: owner.tenantName } },
    });
    const cookie = accepted.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    const viewer = await api.graphql(`{ viewer { ... on Owner { email tenant { name } } } }`, {}, { cookie: cookie.split(';')[0] });
    expect(viewer.data?.viewer).toEqual({ email: 'dana@example.com', tenant: { name: owner.tenantName } });
    expect(await ownersOf(api, owner.tenantName)).toEqual([owner.email, 'dana@example.com']);

    const listed = await api.graphql(INVITATIONS, {}, { cookie: owner.cookie });
    expect(listed.data?.ownerInvitations).toMatchObject([{ state: 'ACCEPTED', acceptedBy: { email: 'dana@example.com' }, revokedAt: null }]);
    const owners = await api.graphql(`{ tenantOwners { email } }`, {}, { cookie: cookie.split(';')[0] });
    expect(owners.data?.tenantOwners).toEqual([{ email: owner.email }, { email: 'dana@example.com' }]);
  });

  apiTest('refuses a link used twice with INVITATION_INVALID, and changes nothing', async ({ api }) => {
    const owner = await api.owner();
    const { token } = await invite(api, owner);
    expect((await accept(api, token)).data?.acceptOwnerInvitation?.__typename).toBe('OwnerInvitationAccepted');
    const before = await api.db.pool.query(`SELECT accepted_at, accepted_owner_id FROM owner_invitations`);

    const again = await accept(api, token);
    expect(again.data?.acceptOwnerInvitation).toMatchObject({ __typename: 'InvitationInvalid', code: 'INVITATION_INVALID' });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await ownersOf(api, owner.tenantName)).toHaveLength(2);
    expect((await api.db.pool.query(`SELECT accepted_at, accepted_owner_id FROM owner_invitations`)).rows).toEqual(before.rows);
  });

  apiTest('refuses a link past its 72 hours, and a made-up one, with INVITATION_INVALID, creating no owner', async ({ api }) => {
    const owner = await api.owner();
    const { id, token } = await invite(api, owner);
    // The database's clock decides: the invitation is moved to 72 hours and a second ago.
    await api.db.pool.query(
      `UPDATE owner_invitations SET created_at = now() - interval '72 hours 1 second', expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect((await accept(api, token)).data?.acceptOwnerInvitation?.code).toBe('INVITATION_INVALID');
    expect((await accept(api, 'csi_made-up')).data?.acceptOwnerInvitation?.code).toBe('INVITATION_INVALID');
    const preview = await api.graphql(`query($token: String!) { ownerInvitation(token: $token) { expiresAt } }`, { token });
    expect(preview.data?.ownerInvitation).toBeNull();
    expect(await ownersOf(api, owner.tenantName)).toEqual([owner.email]);
    const listed = await api.graphql(INVITATIONS, {}, { cookie: owner.cookie });
    expect(listed.data?.ownerInvitations).toMatchObject([{ id, state: 'EXPIRED', acceptedAt: null }]);
  });

  apiTest('refuses an email any owner has, in any tenant, with BAD_INPUT, and the link stays usable', async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner();
    const { token } = await invite(api, owner);
    const taken = await accept(api, token, stranger.email.toUpperCase());
    expect(taken.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const short = await api.graphql(ACCEPT, { input: { token, email: `${unique('short')}@example.com`, password: 'short' } });
    expect(short.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await ownersOf(api, owner.tenantName)).toEqual([owner.email]);
    expect((await accept(api, token)).data?.acceptOwnerInvitation?.__typename).toBe('OwnerInvitationAccepted');
  });

  apiTest('admits exactly one owner when many acceptances of one link race', async ({ api }) => {
    for (let round = 0; round < 4; round++) {
      const owner = await api.owner();
      const { token } = await invite(api, owner);
      const results = await Promise.all(Array.from({ length: 8 }, () => accept(api, token)));
      const typenames = results.map((result) => result.data?.acceptOwnerInvitation?.__typename);
      expect(typenames.filter((typename) => is(typename, 'OwnerInvitationAccepted'))).toHaveLength(1);
      expect(typenames.filter((typename) => is(typename, 'InvitationInvalid'))).toHaveLength(7);
      expect(await ownersOf(api, owner.tenantName)).toHaveLength(2);
    }
  });

  apiTest('revokes a pending invitation: its link then admits no one', async ({ api }) => {
    const owner = await api.owner();
    const { id, token } = await invite(api, owner);
    const revoke = `mutation($id: ID!) { revokeOwnerInvitation(input: { id: $id }) { __typename ... on OwnerInvitationRevoked { invitation { state } } ... on DomainError { code } } }`;
    expect((await api.graphql(revoke, { id }, { cookie: owner.cookie })).data?.revokeOwnerInvitation).toEqual({
      __typename: 'OwnerInvitationRevoked',
      invitation: { state: 'REVOKED' },
    });
    expect((await accept(api, token)).data?.acceptOwnerInvitation?.code).toBe('INVITATION_INVALID');
    expect(await ownersOf(api, owner.tenantName)).toEqual([owner.email]);
    // Another tenant's owner finds no such invitation.
    const stranger = await api.owner();
    expect((await api.graphql(revoke, { id }, { cookie: stranger.cookie })).data?.revokeOwnerInvitation?.code).toBe('NOT_FOUND');
    expect((await api.graphql(INVITATIONS, {}, { cookie: stranger.cookie })).data?.ownerInvitations).toEqual([]);
  });

  apiTest('lets only an owner invite: an agent is FORBIDDEN, and an anonymous caller UNAUTHENTICATED', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    expect((await api.graphql(INVITE, { input: {} }, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(INVITE, { input: {} })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await api.graphql(INVITE, { input: { note: 'x'.repeat(201) } }, { cookie: owner.cookie })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await api.db.pool.query(`SELECT count(*)::int AS n FROM owner_invitations`)).rows[0]).toEqual({ n: 0 });
  });

  apiTest('revokes only a pending invitation, once: an accepted one stays accepted, and revoking again keeps the first time', async ({ api }) => {
    const owner = await api.owner();
    const revoke = `mutation($id: ID!) { revokeOwnerInvitation(input: { id: $id }) { ... on OwnerInvitationRevoked { invitation { state revokedAt } } } }`;
    // Both made while the owner is alone (with two owners, inviting is a request: S21).
    const accepted = await invite(api, owner);
    const pending = await invite(api, owner);
    expect((await accept(api, accepted.token)).data?.acceptOwnerInvitation?.__typename).toBe('OwnerInvitationAccepted');
    expect((await api.graphql(revoke, { id: accepted.id }, { cookie: owner.cookie })).data?.revokeOwnerInvitation?.invitation).toEqual({
      state: 'ACCEPTED',
      revokedAt: null,
    });

    const first = (await api.graphql(revoke, { id: pending.id }, { cookie: owner.cookie })).data?.revokeOwnerInvitation?.invitation;
    expect(first?.state).toBe('REVOKED');
    const again = (await api.graphql(revoke, { id: pending.id }, { cookie: owner.cookie })).data?.revokeOwnerInvitation?.invitation;
    expect(again).toEqual(first);
  });
});
