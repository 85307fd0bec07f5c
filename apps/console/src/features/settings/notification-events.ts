import type { EmailMode, NotificationEvent, WebhookFormat } from '../../gql/graphql';

// Label tables like this one (and the shell's OWNER_PAGES) share only the shape of a list of pairs; each is its own feature's words.
/** Every event an owner can be told about, in the order the settings list them, in the owner's words. */
export const NOTIFICATION_EVENTS: readonly { value: NotificationEvent; label: string }[] = [
  { value: 'SIGN_OFF_REQUESTED', label: 'An agent asks for a sign-off' },
  { value: 'SIGN_OFF_EXPIRING', label: 'A request still waits a day, then an hour, before it closes' },
  { value: 'SIGN_OFF_DECIDED', label: 'A request is approved or denied' },
  { value: 'SIGN_OFF_FINISHED', label: 'An approved request finishes (succeeded or failed)' },
  { value: 'AUTHORITY_LOW', label: 'A standing authority has used 80 % of a limit' },
  { value: 'AUTHORITY_EXHAUSTED', label: 'A standing authority has used all of a limit' },
  { value: 'AGENT_REVOKED', label: 'An agent is revoked' },
  { value: 'AUDIT_HEAD_SIGNED', label: 'The audit log is signed (keep the signed head: it proves the log was not cut)' },
];

/** An event's label, or its name when the API knows one this console does not (`WEBHOOK_TEST` reads as a test). */
export function eventLabel(event: string): string {
  if (event === 'WEBHOOK_TEST') return 'Test';
  return NOTIFICATION_EVENTS.find((candidate) => candidate.value === event)?.label ?? event;
}

export const WEBHOOK_FORMATS: readonly { value: WebhookFormat; label: string }[] = [
  { value: 'STANDARD', label: 'Standard Webhooks (signed JSON)' },
  { value: 'SLACK', label: 'Slack incoming webhook' },
];

export const EMAIL_MODES: readonly { value: EmailMode; label: string }[] = [
  { value: 'IMMEDIATE', label: 'At once' },
  { value: 'DIGEST', label: 'In a digest' },
  { value: 'OFF', label: 'Off' },
];

/** The reason the API gives an endpoint it disabled by itself (not its owner), which the layout's banner reports. */
export const AUTO_DISABLED_PREFIX = 'Disabled after failing';
