/**
 * What the endpoint did with one attempt, as the rule below needs it: the
 * shape delivery/webhooks/post.ts's PostOutcome has, stated here so the rule (a
 * domain's) imports nothing from delivery.
 */
export type EndpointAnswer = { kind: 'answered'; status: number; body: string; latencyMs: number } | { kind: 'failed'; error: string; latencyMs: number };

/** What one delivery attempt means for its request. */
export type AnswerVerdict =
  | { kind: 'succeeded'; result: Record<string, unknown> | null; secret: Record<string, unknown> | null }
  | { kind: 'failed'; failure: string }
  | { kind: 'retry'; error: string };

const FIRST_BYTES = 500;

/**
 * Judges an endpoint's answer (a pure rule, property-tested): 2xx with a
 * JSON object (or nothing) succeeded, its secret fields set apart for the
 * agent; a 4xx other than 408/429 will fail the same way again, so it is
 * final, as are a redirect (never followed) and a 2xx whose body is not a
 * JSON object (the receiver broke the contract); anything else — 5xx, 408,
 * 429, no answer — is worth another attempt.
 */
export function judgeAnswer(outcome: EndpointAnswer, secretFields: readonly string[]): AnswerVerdict {
  if (outcome.kind === 'failed') return { kind: 'retry', error: outcome.error };
  const { status, body } = outcome;
  const excerpt = body.slice(0, FIRST_BYTES);
  if (status >= 200 && status < 300) {
    if (body.trim() === '') return { kind: 'succeeded', result: null, secret: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { kind: 'failed', failure: `The endpoint answered ${status} with a body that is not a JSON object: ${excerpt}` };
    }
    // Built as own data properties (fromEntries), so a field named `__proto__` stays a field and never a prototype.
    const fields = Object.entries(parsed as Record<string, unknown>);
    const result = Object.fromEntries(fields.filter(([field]) => !secretFields.includes(field)));
    const secret = Object.fromEntries(fields.filter(([field]) => secretFields.includes(field)));
    return { kind: 'succeeded', result, secret: Object.keys(secret).length > 0 ? secret : null };
  }
  if (status >= 300 && status < 400) return { kind: 'failed', failure: `The endpoint answered ${status} (a redirect, which is never followed).` };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'failed', failure: `The endpoint answered ${status}: ${excerpt}` };
  return { kind: 'retry', error: `HTTP ${status}: ${excerpt}` };
}
