import type { Risk } from '../../gql/graphql';

/** What the owner does to approve, by risk: a click, a confirmation stating the effect, or typing what it acts on. */
export type Gesture = { kind: 'click' } | { kind: 'confirm' } | { kind: 'type'; phrase: string; what: 'name' | 'amount' };

/**
 * The gesture a request's risk asks for (docs/sign-offs.md, S15–S17). For a
 * HIGH one the owner types the amount when money is at stake (it is what
 * a misread would cost), else the target's name, as a code host asks before
 * a repository is deleted; the agent's name is the last resort, so there is
 * always something to type.
 */
export function gestureFor(risk: Risk, effect: { target: string | null; amount: string | null }, agentName: string): Gesture {
  if (risk === 'LOW') return { kind: 'click' };
  if (risk === 'MEDIUM') return { kind: 'confirm' };
  if (effect.amount) return { kind: 'type', phrase: effect.amount, what: 'amount' };
  if (effect.target) return { kind: 'type', phrase: effect.target, what: 'name' };
  return { kind: 'type', phrase: agentName, what: 'name' };
}

/**
 * Whether `typed` confirms the phrase: a name exactly (surrounding spaces
 * aside: "site" must not confirm "site-eu"), an amount by its digits, so
 * "100000.00" confirms "€100,000.00" without hunting for the euro sign.
 */
export function confirms(gesture: Extract<Gesture, { kind: 'type' }>, typed: string): boolean {
  if (gesture.what === 'name') return typed.trim() === gesture.phrase.trim() && gesture.phrase.trim() !== '';
  const digits = (text: string) => text.replace(/\D/g, '');
  return digits(gesture.phrase) !== '' && digits(typed) === digits(gesture.phrase);
}

/**
 * Why a typed amount does not confirm the phrase, in words the dialog shows
 * under the field (issue 26, item 6), or null while it confirms or nothing is
 * typed: "100000" for "€100,000.00" is the amount without its cents, which
 * would otherwise keep Approve disabled without a word.
 */
export function amountMismatch(gesture: Extract<Gesture, { kind: 'type' }>, typed: string): string | null {
  if (gesture.what !== 'amount' || typed.trim() === '' || confirms(gesture, typed)) return null;
  const shown = gesture.phrase.replace(/[^\d.,-]/g, '');
  const fraction = /[.,](\d+)$/.exec(shown)?.[1];
  const whole = fraction ? gesture.phrase.replace(/[^\d]/g, '').slice(0, -fraction.length) : null;
  if (whole !== null && typed.replace(/\D/g, '') === whole) {
    return `“${typed.trim()}” leaves out the ${fraction!.length} digits after the point: type ${shown}, every digit of ${gesture.phrase}.`;
  }
  return `“${typed.trim()}” is not ${gesture.phrase}: type ${shown}.`;
}

/**
 * What the type-to-approve dialog says under the field while the owner
 * types an amount: nothing until they have typed as many digits as its
 * whole part (a number half typed is not yet wrong), then why it does not
 * confirm, if it does not.
 */
export function amountHint(gesture: Extract<Gesture, { kind: 'type' }>, typed: string): string | null {
  if (gesture.what !== 'amount') return null;
  const fraction = /[.,](\d+)$/.exec(gesture.phrase.replace(/[^\d.,]/g, ''))?.[1]?.length ?? 0;
  const whole = gesture.phrase.replace(/\D/g, '').length - fraction;
  return typed.replace(/\D/g, '').length >= whole ? amountMismatch(gesture, typed) : null;
}
