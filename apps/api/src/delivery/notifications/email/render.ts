import { agentText, riskInWords } from '@countersign/effect';
import { effectSentence, headline } from '../headline.js';
import type { Notice } from '../notice.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What one email says, before it is written out as text and as HTML (from the same fields, so the two never differ). */
export interface EmailModel {
  title: string;
  /** Label and value, one a line: who asks, what will happen, the risk, the time left. */
  facts: [string, string][];
  link: string;
  /** The link's words ("Open the request"). */
  action: string;
}

const DIMENSION_WORDS = { tokens: 'tokens', minorUnits: 'minor units', draws: 'draws' } as const;

/** Said under every link: a link only opens a page; the owner acts there, signed in. */
export const LINK_NOTE = 'The link opens the page in the Countersign console, where you decide signed in. Opening the link decides nothing.';

/** Agent text in a header: one line (no header can be broken out of), and not endless. */
export function oneLine(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** Text shown as text: every character HTML gives a meaning to is escaped, so nothing an agent writes becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** "2 days 3 hours", "5 hours 20 minutes", "20 minutes": the time between two instants, rounded down to the minute. */
export function duration(fromMs: number, untilMs: number): string {
  const minutes = Math.max(0, Math.floor((untilMs - fromMs) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (days > 0) return hours > 0 ? `${part(days, 'day')} ${part(hours, 'hour')}` : part(days, 'day');
  if (hours > 0) return rest > 0 ? `${part(hours, 'hour')} ${part(rest, 'minute')}` : part(hours, 'hour');
  return part(rest, 'minute');
}

/**
 * What the email for a notice says. A request's email leads with its effect
 * as the server computed it, then the risk in words and why, then the time
 * left and who asks, and only then what the agent says, marked as its words
 * (issue 26, items 4 and 5): an agent's summary is its claim, not the effect.
 */
export function emailModel(notice: Notice): EmailModel {
  // An owner-to-owner request names the owner who proposed it (docs/sign-offs.md, S21); every other event its agent, if any.
  const proposer = notice.signOff?.proposedBy;
  const filer: [string, string][] = proposer ? [['Proposed by', proposer.email]] : notice.agent ? [['Agent', agentText(notice.agent.name)]] : [];
  const facts: [string, string][] = [];
  const s = notice.signOff;
  if (s) {
    facts.push(['What will happen', effectSentence(notice)]);
    const reasons = s.riskReasons.map(agentText).join(' ');
    facts.push(['Risk', `${riskInWords(s.risk, s.irreversible)}${s.irreversible ? ': it cannot be undone' : ''}${reasons ? `. ${reasons}` : ''}`]);
    if (notice.type === 'SIGN_OFF_REQUESTED' || notice.type === 'SIGN_OFF_EXPIRING') {
      const left =
        notice.type === 'SIGN_OFF_EXPIRING'
          ? notice.hoursLeft === 1
            ? '1 hour'
            : `${notice.hoursLeft ?? 24} hours`
          : duration(notice.at.getTime(), Date.parse(s.expiresAt));
      facts.push(['Time left', `${left} (the request closes at ${s.expiresAt})`]);
    } else {
      facts.push(['State', s.state]);
    }
    facts.push(...filer);
    const speaker = proposer?.email ?? 'Agent';
    // "Agent says: “…”", as agentSays writes it on every other channel; the quotes bound the agent's text.
    facts.push([`${speaker} says`, `“${agentText(s.summary)}”`]);
    if (s.reason) facts.push([`${speaker} says why`, `“${agentText(s.reason)}”`]);
    if (s.note) facts.push(['Owner’s note', agentText(s.note)]);
    if (s.failure) facts.push(['Failure', agentText(s.failure)]);
  } else if (notice.authority) {
    facts.push(...filer);
    const a = notice.authority;
    facts.push(['Authority', a.name]);
    if (notice.dimension) {
      const ceiling = a.ceiling[notice.dimension];
      facts.push(['Drawn', `${a.drawn[notice.dimension]}${ceiling === null ? '' : ` of ${ceiling}`} ${DIMENSION_WORDS[notice.dimension]}`]);
    }
  } else if (notice.auditHead) {
    facts.push(...filer);
    facts.push(['Entry', String(notice.auditHead.seq)], ['Signed head', JSON.stringify(notice.auditHead)]);
  } else {
    facts.push(...filer);
    if (notice.agent?.revokedAt) facts.push(['Revoked at', notice.agent.revokedAt]);
  }
  return { title: headline(notice), facts, link: notice.link, action: s ? 'Open the request' : 'Open Countersign' };
}

/** The plain-text part. */
export function modelText(model: EmailModel): string {
  const lines = [model.title, '', ...model.facts.map(([label, value]) => `${label}: ${value}`), '', `${model.action}: ${model.link}`, '', LINK_NOTE, ''];
  return lines.join('\n');
}

/** The HTML part: every value escaped, the link the only anchor. */
export function modelHtml(model: EmailModel): string {
  const rows = model.facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.4">',
    `<h2 style="font-size:18px">${escapeHtml(model.title)}</h2>`,
    `<table style="border-collapse:collapse">${rows}</table>`,
    `<p><a href="${escapeHtml(model.link)}">${escapeHtml(model.action)}</a></p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(LINK_NOTE)}</p>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The email for one notice: who asks, what will happen, the risk, the time
 * left and the link to the page where the owner decides (built from
 * COUNTERSIGN_PUBLIC_URL). Agent text is escaped in the HTML and kept to
 * one line in the subject. The snapshot holds no secret and nothing here
 * adds one: no result, no input, no token.
 */
export function renderEmail(notice: Notice): RenderedEmail {
  const model = emailModel(notice);
  return { subject: oneLine(`Countersign: ${model.title}`, 200), text: modelText(model), html: modelHtml(model) };
}
