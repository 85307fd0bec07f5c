import type { Queryable } from '../../platform/db/sql.js';
import { addToDigest } from './email/digest-store.js';
import { emailPreferenceOf } from './email/preferences-store.js';
import { renderEmail } from './email/render.js';
import { subscribedEndpoints } from './endpoints-store.js';
import { isNotificationEvent } from './events.js';
import type { Notice } from './notice.js';
import { pushDevicesOf } from './push/devices-store.js';
import { pushMessage } from './push/message.js';
import { slackBody } from './slack-body.js';
import { standardBody } from './standard-body.js';

/** One notification to send: to an endpoint, an inbox or a device, with its exact payload. */
export interface PlannedDelivery {
  channel: 'endpoint' | 'email' | 'push';
  /** The endpoint's id, the owner's id (email) or the device's id. */
  target: string;
  payload: string;
}

export interface AudienceOptions {
  /** SMTP is configured: email is a channel at all. */
  emailAvailable: boolean;
}

/**
 * Who is told what — the one place that decides it. For an event about an
 * owner's request, authority or agent: every enabled endpoint of the owner
 * subscribed to it (in the endpoint's format); the owner's inbox, by their
 * preference for the event (now, in the next digest, or not); and each of
 * the owner's devices, for what a device shows (see push/message.ts).
 * Runs inside the fan-out's transaction: a digest entry it adds commits with
 * the rows it returns, or neither does.
 */
export async function planDeliveries(tx: Queryable, notice: Notice, options: AudienceOptions): Promise<PlannedDelivery[]> {
  const planned: PlannedDelivery[] = [];
  for (const endpoint of await subscribedEndpoints(tx, notice.tenantId, notice.ownerId, notice.type)) {
    planned.push({ channel: 'endpoint', target: endpoint.id, payload: endpoint.format === 'slack' ? slackBody(notice) : standardBody(notice) });
  }
  // Email is by the owner's preference per API event; an internal one (SIGN_OFF_CLOSED) is for devices only.
  if (options.emailAvailable && isNotificationEvent(notice.type)) {
    const preference = await emailPreferenceOf(tx, notice.tenantId, notice.ownerId, notice.type);
    if (preference.mode === 'immediate') {
      planned.push({ channel: 'email', target: notice.ownerId, payload: JSON.stringify({ to: notice.ownerEmail, ...renderEmail(notice) }) });
    } else if (preference.mode === 'digest' && preference.digestMinutes !== null) {
      await addToDigest(tx, notice, preference.digestMinutes);
    }
  }
  const message = pushMessage(notice);
  if (message) {
    for (const device of await pushDevicesOf(tx, notice.tenantId, notice.ownerId)) {
      planned.push({ channel: 'push', target: device.id, payload: JSON.stringify(message) });
    }
  }
  return planned;
}
