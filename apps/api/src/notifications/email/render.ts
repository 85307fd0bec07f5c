import type { Notice } from '../notice.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** STUB: the email for one notice. */
export function renderEmail(notice: Notice): RenderedEmail {
  return { subject: `Countersign: ${notice.type}`, text: notice.link, html: `<a href="${notice.link}">${notice.link}</a>` };
}
