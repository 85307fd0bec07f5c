/**
 * The JSON the consent page reads and answers (apps/api/src/edge/http/oauth-consent.ts,
 * docs/oauth.md rule OA1). Same-origin requests: the console's session cookie
 * and the provider's interaction cookie both go with them.
 */

export interface ConsentAgent {
  id: string;
  name: string;
  keyPrefix: string;
  createdAt: string;
}

export interface ConsentDetails {
  uid: string;
  /** Every string here is the client's own claim about itself. */
  client: { id: string; name: string | null; uri: string | null; logoUri: string | null; redirectUri: string };
  resource: string;
  scope: string;
  agents: ConsentAgent[];
}

export type ConsentChoice = { agent: string } | { newAgentName: string };

/** A refusal the page shows as it is worded by the server. */
export class ConsentError extends Error {}

async function readAnswer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { errors?: { message: string }[] }) | null;
  if (!response.ok || body === null) throw new ConsentError(body?.errors?.[0]?.message ?? `The server answered ${response.status}.`);
  return body;
}

function consentUrl(uid: string, action: string): string {
  return `/oauth/consent/${encodeURIComponent(uid)}/${action}`;
}

export async function fetchConsentDetails(uid: string): Promise<ConsentDetails> {
  return readAnswer<ConsentDetails>(await fetch(consentUrl(uid, 'details'), { credentials: 'same-origin' }));
}

/** Confirms (with the agent) or denies; answers where the browser goes next: back to the application. */
export async function answerConsent(uid: string, choice: ConsentChoice | 'deny'): Promise<string> {
  const response = await fetch(consentUrl(uid, choice === 'deny' ? 'deny' : 'confirm'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(choice === 'deny' ? {} : choice),
  });
  return (await readAnswer<{ redirectTo: string }>(response)).redirectTo;
}
