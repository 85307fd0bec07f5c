import type { Notice } from './notice.js';

/**
 * A Standard Webhooks body: `{type, timestamp, data}`, `data` holding the
 * object the event is about as the API returns it (never a secret: a
 * request's secret is not in its snapshot) and the console page to open.
 * A request's `data` leads with `effect`, what approving it would do as the
 * console words it (`{sentence, brief, target, amount}`); the agent's own
 * text stays raw in `signOff.summary` and `signOff.reason` (escaping there
 * would change the data; a receiver that shows it escapes it as it shows it).
 */
export function standardBody(notice: Notice): string {
  const data: Record<string, unknown> = notice.effect ? { effect: notice.effect, link: notice.link } : { link: notice.link };
  if (notice.signOff) data.signOff = notice.signOff;
  else if (notice.authority) data.authority = notice.authority;
  else if (notice.auditHead) data.auditHead = notice.auditHead;
  else data.agent = notice.agent;
  if (notice.hoursLeft !== undefined) data.hoursLeft = notice.hoursLeft;
  if (notice.dimension !== undefined) data.dimension = notice.dimension;
  return JSON.stringify({ type: notice.type, timestamp: notice.at.toISOString(), data });
}

/** The body of `sendTestWebhook`: shaped like every other, so a receiver's parsing is tested too. */
export function testBody(at: Date, endpointId: string): string {
  return JSON.stringify({
    type: 'WEBHOOK_TEST',
    timestamp: at.toISOString(),
    data: { endpointId, message: 'A test from Countersign: this endpoint receives and verifies deliveries.' },
  });
}
