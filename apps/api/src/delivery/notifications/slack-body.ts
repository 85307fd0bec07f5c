import { agentText, riskInWords } from '@countersign/effect';
import { effectSentence, headline } from './headline.js';
import type { Notice } from './notice.js';

/** Slack reads these three as its control sequences (mentions, links, dates) everywhere, a code block included: written as the entities it asks for. */
function escapeControl(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The characters mrkdwn formats with: bold, italic, strike, code. */
const MRKDWN_MARKERS = /[*_~`]/g;

/**
 * Text shown in mrkdwn as written, never interpreted: `&`, `<`, `>` as
 * Slack's entities, and each formatting character (`*`, `_`, `~`, a
 * backtick) between zero-width spaces, so it can neither open nor close a
 * span (mrkdwn has no backslash escape; the character itself still shows and
 * copies). Agent text reaches here through `agentText`, which has already
 * written any invisible character of the agent's own as a `\uXXXX` escape,
 * so the only zero-width spaces are these (issue 26, item 4).
 */
export function escapeMrkdwn(text: string): string {
  return escapeControl(text).replace(MRKDWN_MARKERS, (marker) => `\u200b${marker}\u200b`);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Block Kit for a Slack incoming webhook: what happened; for a request, its
 * effect as the server computed it, the risk in words, then what the agent
 * says, marked as its words (issue 26, items 4 and 5); the agent, and a
 * button to the request's page. The decision itself is made there, signed in: a Slack button that
 * approved would let anyone holding the channel decide.
 */
export function slackBody(notice: Notice): string {
  const title = headline(notice);
  // An owner-to-owner request names the owner who proposed it (docs/sign-offs.md, S21); every other event its agent, if any.
  const proposer = notice.signOff?.proposedBy;
  const fields = proposer
    ? [{ type: 'mrkdwn', text: `*Proposed by*\n${escapeMrkdwn(agentText(proposer.email))}` }]
    : notice.agent
      ? [{ type: 'mrkdwn', text: `*Agent*\n${escapeMrkdwn(agentText(notice.agent.name))}` }]
      : [];
  let detail = '';
  if (notice.signOff) {
    const s = notice.signOff;
    const speaker = escapeMrkdwn(agentText(s.proposedBy?.email ?? 'Agent'));
    const says = `${speaker} says: “${escapeMrkdwn(cut(agentText(s.summary), 500))}”`;
    const why = s.reason ? `\n${speaker} says why: “${escapeMrkdwn(cut(agentText(s.reason), 1000))}”` : '';
    detail = `*${escapeMrkdwn(cut(effectSentence(notice), 1000))}*\n${escapeMrkdwn(riskInWords(s.risk, s.irreversible))}\n${says}${why}`;
    fields.push({ type: 'mrkdwn', text: `*Risk*\n${s.risk}${s.irreversible ? ' (irreversible)' : ''}` });
    fields.push({ type: 'mrkdwn', text: `*State*\n${s.state}` });
    fields.push({ type: 'mrkdwn', text: `*Decide by*\n<!date^${Math.floor(Date.parse(s.expiresAt) / 1000)}^{date_short_pretty} {time}|${s.expiresAt}>` });
  } else if (notice.authority) {
    const a = notice.authority;
    detail = `*${escapeMrkdwn(cut(agentText(a.name), 500))}*`;
    fields.push({ type: 'mrkdwn', text: `*Drawn*\n${a.drawn.tokens} tokens, ${a.drawn.minorUnits} minor units, ${a.drawn.draws} draws` });
  } else if (notice.auditHead) {
    // The whole signed head, so the channel keeps a copy off the box that `audit verify --head` reads.
    // Inside a code block nothing formats, and the copy must stay byte for byte what `audit verify --head` reads: control sequences only.
    detail = `\`\`\`${escapeControl(JSON.stringify(notice.auditHead))}\`\`\``;
  }
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } }];
  if (detail) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(detail, 3000) } });
  if (fields.length > 0) blocks.push({ type: 'section', fields });
  blocks.push({
    type: 'actions',
    elements: [
      { type: 'button', text: { type: 'plain_text', text: notice.signOff ? 'Open request' : 'Open Countersign' }, url: notice.link, style: 'primary' },
    ],
  });
  // The fallback text (what Slack shows in a notification) is mrkdwn too: escaped like the blocks.
  return JSON.stringify({ text: escapeMrkdwn(cut(title, 3000)), blocks });
}
