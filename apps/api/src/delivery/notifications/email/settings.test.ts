import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { list, type TestApi } from '../../../../test/testkit.js';
import { ownerToken } from '../../../../test/owner-token-kit.js';

const SETTINGS = `{ notificationSettings { emailAvailable emailAddress email { event mode digestMinutes } } }`;
const SET = `mutation($input: SetEmailPreferenceInput!) {
  setEmailPreference(input: $input) { emailAvailable emailAddress email { event mode digestMinutes } }
}`;

const DEFAULTS = [
  { event: 'SIGN_OFF_REQUESTED', mode: 'IMMEDIATE', digestMinutes: null },
  { event: 'SIGN_OFF_DECIDED', mode: 'OFF', digestMinutes: null },
  { event: 'SIGN_OFF_FINISHED', mode: 'OFF', digestMinutes: null },
  { event: 'SIGN_OFF_EXPIRING', mode: 'IMMEDIATE', digestMinutes: null },
  { event: 'AUTHORITY_LOW', mode: 'OFF', digestMinutes: null },
  { event: 'AUTHORITY_EXHAUSTED', mode: 'OFF', digestMinutes: null },
  { event: 'AGENT_REVOKED', mode: 'OFF', digestMinutes: null },
  { event: 'AUDIT_HEAD_SIGNED', mode: 'OFF', digestMinutes: null },
];

const readToken = (api: TestApi, cookie: string) => ownerToken(api, cookie, 'READ', 'read');

describe('notification settings', () => {
  apiTest('list one email preference per event in the API’s order, the defaults where the owner set none, and the owner’s address', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql(SETTINGS, {}, { cookie: owner.cookie });
    expect(response.errors).toBeUndefined();
    // This instance has no SMTP_URL: the settings say so.
    expect(response.data?.notificationSettings).toEqual({ emailAvailable: false, emailAddress: owner.email, email: DEFAULTS });
  });

  apiTest('setEmailPreference replaces one event’s preference and answers the settings; a second owner is untouched', async ({ api }) => {
    const owner = await api.owner();
    const other = await api.owner();
    const digest = await api.graphql(SET, { input: { event: 'SIGN_OFF_DECIDED', mode: 'DIGEST', digestMinutes: 30 } }, { cookie: owner.cookie });
    expect(list(digest.data?.setEmailPreference?.email)[1]).toEqual({ event: 'SIGN_OFF_DECIDED', mode: 'DIGEST', digestMinutes: 30 });
    await api.graphql(SET, { input: { event: 'SIGN_OFF_REQUESTED', mode: 'OFF' } }, { cookie: owner.cookie });
    const again = await api.graphql(SET, { input: { event: 'SIGN_OFF_DECIDED', mode: 'IMMEDIATE' } }, { cookie: owner.cookie });
    expect(list(again.data?.setEmailPreference?.email).slice(0, 2)).toEqual([
      { event: 'SIGN_OFF_REQUESTED', mode: 'OFF', digestMinutes: null },
      { event: 'SIGN_OFF_DECIDED', mode: 'IMMEDIATE', digestMinutes: null },
    ]);
    expect((await api.graphql(SETTINGS, {}, { cookie: other.cookie })).data?.notificationSettings?.email).toEqual(DEFAULTS);
  });

  apiTest('refuse with BAD_INPUT a DIGEST without minutes or outside 5 to 1440, and minutes with another mode', async ({ api }) => {
    const owner = await api.owner();
    const refusals = [
      { event: 'SIGN_OFF_DECIDED', mode: 'DIGEST' },
      { event: 'SIGN_OFF_DECIDED', mode: 'DIGEST', digestMinutes: 4 },
      { event: 'SIGN_OFF_DECIDED', mode: 'DIGEST', digestMinutes: 1441 },
      { event: 'SIGN_OFF_DECIDED', mode: 'IMMEDIATE', digestMinutes: 10 },
      { event: 'SIGN_OFF_DECIDED', mode: 'OFF', digestMinutes: 10 },
    ];
    for (const input of refusals) {
      const response = await api.graphql(SET, { input }, { cookie: owner.cookie });
      expect(response.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_INPUT');
    }
    for (const digestMinutes of [5, 1440]) {
      const response = await api.graphql(SET, { input: { event: 'AGENT_REVOKED', mode: 'DIGEST', digestMinutes } }, { cookie: owner.cookie });
      expect(list(response.data?.setEmailPreference?.email)[6]).toEqual({ event: 'AGENT_REVOKED', mode: 'DIGEST', digestMinutes });
    }
    expect((await api.graphql(SETTINGS, {}, { cookie: owner.cookie })).data?.notificationSettings?.email).toEqual([
      ...DEFAULTS.slice(0, 6),
      { event: 'AGENT_REVOKED', mode: 'DIGEST', digestMinutes: 1440 },
      ...DEFAULTS.slice(7),
    ]);
  });

  apiTest('a READ owner token reads the settings but may not change them; without a credential neither', async ({ api }) => {
    const owner = await api.owner();
    const token = await readToken(api, owner.cookie);
    expect((await api.graphql(SETTINGS, {}, { key: token })).data?.notificationSettings?.emailAddress).toBe(owner.email);
    const refused = await api.graphql(SET, { input: { event: 'SIGN_OFF_DECIDED', mode: 'OFF' } }, { key: token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(SETTINGS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { rows } = await api.db.pool.query('SELECT 1 FROM email_preferences');
    expect(rows).toEqual([]);
  });
});
