import type { EmailMode, EmailPreference, NotificationSettings, SetEmailPreferenceInput } from '../../../generated/graphql.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { isNotificationEvent, NOTIFICATION_EVENTS } from '../events.js';
import { defaultEmailPreference, ownEmailPreferences, saveEmailPreference, type EmailModeName, type EmailPreferenceRow } from './preferences-store.js';

/** A digest comes at most every 5 minutes and at least once a day. */
export const DIGEST_MINUTES = { min: 5, max: 1440 } as const;

const MODE_OF: Record<EmailMode, EmailModeName> = { IMMEDIATE: 'immediate', DIGEST: 'digest', OFF: 'off' };
const MODE_NAME: Record<EmailModeName, EmailMode> = { immediate: 'IMMEDIATE', digest: 'DIGEST', off: 'OFF' };

/**
 * The settings without the push key, which its own field resolver reads
 * (only when selected): what the email channel knows.
 */
export type EmailSettings = Omit<NotificationSettings, 'pushPublicKey' | '__typename'>;

/**
 * One preference per event, in the order the API lists events; an event the
 * owner never set shows its default. One raw read through the request's
 * scope: the `notificationSettings` query's pool, and the keyed
 * `setEmailPreference`'s own transaction for its answer (rule I6).
 */
export async function emailPreferences(deps: Pick<ServiceDeps, 'scope'>, owner: OwnerPrincipal): Promise<EmailPreference[]> {
  const own = await ownEmailPreferences(deps.scope.reads, owner.tenantId, owner.ownerId);
  return NOTIFICATION_EVENTS.map((event) => {
    const row = own.get(event) ?? defaultEmailPreference(event);
    return { event, mode: MODE_NAME[row.mode], digestMinutes: row.digestMinutes };
  });
}

/** The input as a row, or BAD_INPUT: DIGEST needs its minutes (5 to 1440), and only DIGEST takes any. */
export function preferenceOfInput(input: SetEmailPreferenceInput): EmailPreferenceRow {
  if (!isNotificationEvent(input.event))
    throw graphQLError('BAD_INPUT', `Unknown event "${String(input.event)}": events are ${NOTIFICATION_EVENTS.join(', ')}.`);
  const minutes = input.digestMinutes ?? null;
  if (input.mode !== 'DIGEST') {
    if (minutes !== null) throw graphQLError('BAD_INPUT', `digestMinutes is only for mode DIGEST; leave it out for ${input.mode}.`);
    return { mode: MODE_OF[input.mode], digestMinutes: null };
  }
  if (minutes === null) throw graphQLError('BAD_INPUT', `Mode DIGEST needs digestMinutes, from ${DIGEST_MINUTES.min} to ${DIGEST_MINUTES.max}.`);
  if (!Number.isInteger(minutes) || minutes < DIGEST_MINUTES.min || minutes > DIGEST_MINUTES.max) {
    throw graphQLError('BAD_INPUT', `digestMinutes must be from ${DIGEST_MINUTES.min} to ${DIGEST_MINUTES.max}, got ${minutes}.`);
  }
  return { mode: 'digest', digestMinutes: minutes };
}

/** Sets when the owner is emailed about one kind of event (docs/notifications.md); from the next event on. */
export async function setEmailPreference(deps: ServiceDeps, owner: OwnerPrincipal, input: SetEmailPreferenceInput): Promise<void> {
  const preference = preferenceOfInput(input);
  await deps.scope.transaction((tx) => saveEmailPreference(tx, owner, input.event, preference));
}
