import { agentSays, askerLine, riskInWords } from '@countersign/effect';
import { effectSentence, filerOf, headline } from '../headline.js';
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

/**
 * Push services take at most 4096 bytes of encrypted payload (RFC 8030
 * §7.2), about 3990 of JSON after aes128gcm's header and tag. These bounds,
 * in characters of up to 4 UTF-8 bytes each, keep a message well inside
 * that whatever the agent wrote; the link is the public URL plus a request id.
 */
const MAX_TITLE = 120;
/** The effect's share of the body (the rest: the risk, the time left and the agent's words). */
const MAX_EFFECT = 240;
const MAX_SAYS = 120;

/** At most `max` characters (code points: an emoji is never split), with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** "3 days", "5 hours", "20 minutes": how long is left, rounded down, as a notification says it. */
function timeLeft(fromIso: Date, untilIso: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(untilIso) - fromIso.getTime()) / 60_000));
  const [count, unit] =
    minutes >= 2 * 24 * 60 ? [Math.floor(minutes / (24 * 60)), 'day'] : minutes >= 120 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The push message for a notice, or null when the event is not pushed. A
 * device is told only what asks the owner to act: a new request and its
 * reminders, titled with who asks, the body leading with the effect the
 * server computed (the console's own sentence), then the risk in words and
 * the time left, then what the agent says, marked as its words (issue 26,
 * items 4 and 5); a decision then closes that notification wherever it
 * was made (same tag), as does the request closing unanswered (expired or
 * withdrawn). Results, authorities and agents reach webhooks and
 * email; a push for them would interrupt with nothing to do. Nothing the
 * agent keeps secret is in a notice, so nothing secret is pushed.
 */
export function pushMessage(notice: Notice): PushMessage | null {
  const signOff = notice.signOff;
  if (!signOff) return null;
  const tag = `sign-off-${signOff.id}`;
  switch (notice.type) {
    case 'SIGN_OFF_REQUESTED':
    case 'SIGN_OFF_EXPIRING': {
      const proposed = signOff.proposedBy !== null;
      const asker = askerLine(filerOf(notice), proposed);
      const title =
        notice.type === 'SIGN_OFF_EXPIRING'
          ? `${notice.hoursLeft === 1 ? '1 hour' : `${notice.hoursLeft ?? 24} hours`} left: ${asker}`
          : `${asker} ${proposed ? 'a change' : 'for a sign-off'}`;
      const risk = riskInWords(signOff.risk, signOff.irreversible);
      const left = `${timeLeft(notice.at, signOff.expiresAt)} left to decide`;
      const says = cut(agentSays(signOff.summary, signOff.proposedBy?.email ?? 'Agent'), MAX_SAYS);
      const body = `${cut(effectSentence(notice), MAX_EFFECT)}\n${risk} · ${left}\n${says}`;
      return { tag, title: cut(title, MAX_TITLE), body, url: notice.link };
    }
    case 'SIGN_OFF_DECIDED':
    case 'SIGN_OFF_CLOSED':
      return { tag, title: cut(headline(notice), MAX_TITLE), body: '', url: notice.link, close: true };
    default:
      return null;
  }
}
