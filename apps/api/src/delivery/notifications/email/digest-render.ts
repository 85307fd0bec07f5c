import { agentSays, agentText, riskInWords, type RiskLevel } from '@countersign/effect';
import { filerOf, headline } from '../headline.js';
import type { Notice } from '../notice.js';
import { escapeHtml, LINK_NOTE, oneLine, type RenderedEmail } from './render.js';

/**
 * One line of a digest, as stored with the entry when the event is fanned
 * out (like an immediate email, it shows the event as it was then).
 */
export interface DigestEntry {
  headline: string;
  summary: string | null;
  agent: string;
  risk: string | null;
  irreversible: boolean;
  /** An owner's proposal (docs/sign-offs.md, S21): `agent` is its proposer, whose words the summary is. Absent in entries stored before. */
  proposed?: boolean;
  link: string;
  /** When it happened (ISO). */
  at: string;
  /** When the owner asked to hear of it at the latest (ISO): its arrival plus the preference's minutes. */
  dueBy: string;
}

export function digestEntryOf(notice: Notice, minutes: number): DigestEntry {
  return {
    headline: headline(notice),
    summary: notice.signOff?.summary ?? null,
    agent: filerOf(notice) || 'Countersign',
    risk: notice.signOff?.risk ?? null,
    irreversible: notice.signOff?.irreversible ?? false,
    proposed: Boolean(notice.signOff?.proposedBy),
    link: notice.link,
    at: notice.at.toISOString(),
    dueBy: new Date(Date.now() + minutes * 60_000).toISOString(),
  };
}

/** Reads an entry back; the row was written by `digestEntryOf`, so a misfit is a bug, not input. */
export function parseDigestEntry(json: string): DigestEntry {
  const raw = JSON.parse(json) as Partial<DigestEntry>;
  if (typeof raw.headline !== 'string' || typeof raw.link !== 'string' || typeof raw.agent !== 'string' || typeof raw.at !== 'string') {
    throw new Error('a digest entry lacks its headline, link, agent or time');
  }
  return {
    headline: raw.headline,
    summary: raw.summary ?? null,
    agent: raw.agent,
    risk: raw.risk ?? null,
    irreversible: raw.irreversible ?? false,
    proposed: raw.proposed ?? false,
    link: raw.link,
    at: raw.at,
    dueBy: raw.dueBy ?? raw.at,
  };
}

function detail(entry: DigestEntry): string {
  const risk = entry.risk ? ` · ${riskInWords(entry.risk as RiskLevel, entry.irreversible)}` : '';
  return `${agentText(entry.agent)}${risk} · ${entry.at}`;
}

/** What the agent said of a request, marked as its words, under the entry's effect (issue 26, item 4); nothing for other events. */
function says(entry: DigestEntry): string | null {
  return entry.summary === null ? null : agentSays(entry.summary, entry.proposed ? agentText(entry.agent) : 'Agent');
}

/** One email listing the entries, oldest first, each with its link; agent text escaped as in `renderEmail`. */
export function renderDigest(entries: readonly DigestEntry[]): RenderedEmail {
  const title = `${entries.length} notification${entries.length === 1 ? '' : 's'} from Countersign`;
  const lines = (entry: DigestEntry) => [`- ${entry.headline}`, `  ${detail(entry)}`, ...(says(entry) ? [`  ${says(entry)}`] : []), `  ${entry.link}`, ''];
  const text = [title, '', ...entries.flatMap(lines), LINK_NOTE, ''].join('\n');
  const items = entries
    .map((entry) => {
      const said = says(entry);
      return `<li style="margin-bottom:10px"><a href="${escapeHtml(entry.link)}">${escapeHtml(entry.headline)}</a><br><span style="color:#555">${escapeHtml(detail(entry))}</span>${said ? `<br>${escapeHtml(said)}` : ''}</li>`;
    })
    .join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.4">',
    `<h2 style="font-size:18px">${escapeHtml(title)}</h2>`,
    `<ul>${items}</ul>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(LINK_NOTE)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(`Countersign: ${title}`, 200), text, html };
}
