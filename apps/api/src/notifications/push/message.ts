import type { Notice } from '../notice.js';

/** What the service worker receives. */
export interface PushMessage {
  /** The notification's tag: one per request, so a later message replaces or closes it. */
  tag: string;
  title: string;
  body: string;
  /** The page a click opens. */
  url: string;
  /** True: close the notification with this tag (the request was decided elsewhere). */
  close?: boolean;
}

/** STUB: the push message for a notice, or null when this event is not pushed. */
export function pushMessage(notice: Notice): PushMessage | null {
  if (!notice.signOff) return null;
  return { tag: `sign-off-${notice.signOff.id}`, title: notice.signOff.summary, body: notice.signOff.description, url: notice.link };
}
