/**
 * A Web Push notification's Approve or Deny action opens the request's page
 * with `?confirm=approve|deny` (public/sw.js). The action only says which
 * decision the owner reached for: the page still holds its buttons a moment
 * (UI5's guard: the request arrived without the owner choosing it here),
 * then readies that decision, and the owner's own press in the window, with
 * the gesture the risk asks for, makes it (UI11). Nothing is ever decided
 * from the notification itself.
 */
export type NotificationIntent = 'approve' | 'deny';

/** The decision `?confirm=` names, or undefined for anything else (a hand-edited link readies nothing). */
export function notificationIntent(search: string): NotificationIntent | undefined {
  const confirm = new URLSearchParams(search).get('confirm');
  return confirm === 'approve' || confirm === 'deny' ? confirm : undefined;
}

/** What the page says above the decision while the intent stands, so the owner knows why a button is readied. */
export function intentNotice(intent: NotificationIntent): string {
  return intent === 'approve'
    ? 'You chose Approve in a notification. Read what it does: nothing is decided until you approve here.'
    : 'You chose Deny in a notification. Nothing is decided until you deny here: add a note if you like, then press Enter or Deny.';
}
