import { agentText, riskInWords } from '@countersign/effect';
import { effectSentence, headline } from './headline.js';
import type { Notice } from './notice.js';

/** Slack's mrkdwn treats these three as markup; text from agents is shown, never interpreted. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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
    ? [{ type: 'mrkdwn', text: `*Proposed by*\n${escape(proposer.email)}` }]
    : notice.agent
      ? [{ type: 'mrkdwn', text: `*Agent*\n${escape(notice.agent.name)}` }]
      : [];
  let detail = '';
  if (notice.signOff) {
    const s = notice.signOff;
    const speaker = escape(s.proposedBy?.email ?? 'Agent');
    const says = `${speaker} says: “${escape(cut(agentText(s.summary), 500))}”`;
    const why = s.reason ? `\n${speaker} says why: “${escape(cut(agentText(s.reason), 1000))}”` : '';
    detail = `*${escape(cut(effectSentence(notice), 1000))}*\n${riskInWords(s.risk, s.irreversible)}\n${says}${why}`;
    fields.push({ type: 'mrkdwn', text: `*Risk*\n${s.risk}${s.irreversible ? ' (irreversible)' : ''}` });
    fields.push({ type: 'mrkdwn', text: `*State*\n${s.state}` });
    fields.push({ type: 'mrkdwn', text: `*Decide by*\n<!date^${Math.floor(Date.parse(s.expiresAt) / 1000)}^{date_short_pretty} {time}|${s.expiresAt}>` });
  } else if (notice.authority) {
    const a = notice.authority;
    detail = `*${escape(cut(a.name, 500))}*`;
    fields.push({ type: 'mrkdwn', text: `*Drawn*\n${a.drawn.tokens} tokens, ${a.drawn.minorUnits} minor units, ${a.drawn.draws} draws` });
  } else if (notice.auditHead) {
    // The whole signed head, so the channel keeps a copy off the box that `audit verify --head` reads.
    detail = `\`\`\`${escape(JSON.stringify(notice.auditHead))}\`\`\``;
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
  return JSON.stringify({ text: escape(cut(title, 3000)), blocks });
}
