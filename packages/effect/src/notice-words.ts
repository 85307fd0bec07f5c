import { showInvisibles } from '@countersign/manifest/invisible-characters';

/** A request's risk as its notifications and the console name it. */
export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

const RISK_WORDS: Record<RiskLevel, string> = { LOW: 'Low risk', MEDIUM: 'Medium risk', HIGH: 'High risk' };

/**
 * The risk in words, as every notification says it after the effect: "High
 * risk, irreversible". The server assessed it (docs/sign-offs.md); the words
 * carry the meaning wherever colour cannot.
 */
export function riskInWords(risk: RiskLevel, irreversible: boolean): string {
  return `${RISK_WORDS[risk] ?? `${String(risk)} risk`}${irreversible ? ', irreversible' : ''}`;
}

/**
 * Text an agent wrote, as it is shown inside a sentence of ours: invisible
 * and direction-changing characters as `\uXXXX` escapes (docs/console.md,
 * UI8), and any run of white space (line breaks included) as one space, so
 * it can neither reorder what follows nor start a line that passes for one
 * of ours ("\nRisk: LOW").
 */
export function agentText(text: string): string {
  return showInvisibles(text.replace(/[\t\n\r]+/g, ' '), '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The agent's own words, marked as theirs and set below the effect the
 * server computed (issue 26, items 4 and 5): `Agent says: “Read-only token”`.
 * `speaker` names whoever wrote them when it is not an agent (an owner's
 * proposal names its proposer). The quotes bound the text, so an owner sees
 * where the agent's claim ends.
 */
export function agentSays(text: string, speaker = 'Agent'): string {
  return `${speaker} says: “${agentText(text)}”`;
}

/** Who filed a request, as the first words of a notification: "billing-agent asks", "alice@example.com proposes" (an owner's proposal). */
export function askerLine(filer: string, proposed: boolean): string {
  return `${agentText(filer)} ${proposed ? 'proposes' : 'asks'}`;
}
