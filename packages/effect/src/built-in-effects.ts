import { isJsonObject } from './schema-fields.js';
import { showInvisibles } from '@countersign/manifest/invisible-characters';
import { formatHours, plural } from './duration.js';
import type { Effect, EffectContext, EffectSubject } from './effect.js';
import { formatInstant } from './instant.js';
import { formatMoney, type Money } from './money.js';

/**
 * What a built-in operation does, in words. Each returns null when the
 * request does not have the shape its operation accepts (the API checked it
 * when asked, so this means a request from another version, or a bug): the
 * caller then shows the server's own description instead of guessing.
 * `amount` is filled by the caller, from the whole input.
 */
export type BuiltInEffect = (subject: EffectSubject, context: EffectContext) => Omit<Effect, 'amount'> | null;

/** The repository a repository operation acts on, as shown; null when the request names none. */
function repositoryName(subject: EffectSubject): string | null {
  const name = subject.repository?.name;
  return typeof name === 'string' && name !== '' ? showInvisibles(name) : null;
}

/** `repository.serve`: the repository answers again. */
export function describeServe(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const repository = repositoryName(subject);
  return repository === null ? null : { sentence: `Serves repository ${repository} again`, brief: 'Serve repository', target: repository };
}

/** `repository.unserve`: the repository stops answering, and can be served again. */
export function describeUnserve(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const repository = repositoryName(subject);
  return repository === null ? null : { sentence: `Stops serving repository ${repository}`, brief: 'Stop serving', target: repository };
}

/** `repository.delete`: irreversible, and its tokens go with it. */
export function describeDelete(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const repository = repositoryName(subject);
  return repository === null
    ? null
    : { sentence: `Deletes repository ${repository} for good and revokes its tokens`, brief: 'Delete repository', target: repository };
}

/** `repository.transfer` (`{to: email}`): the repository changes hands. */
export function describeTransfer(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const repository = repositoryName(subject);
  const to = isJsonObject(subject.input) ? subject.input['to'] : undefined;
  if (!repository || typeof to !== 'string' || to.trim() === '') return null;
  const recipient = showInvisibles(to);
  return { sentence: `Hands repository ${repository} to ${recipient}`, brief: `Transfer to ${recipient}`, target: repository };
}

/** `repository.mintToken` (`{scopes: ('read' | 'write')[], ttlHours}`): a new access token and how long it lives. */
export function describeMintToken(subject: EffectSubject, context: EffectContext): Omit<Effect, 'amount'> | null {
  const repository = repositoryName(subject);
  const input = isJsonObject(subject.input) ? subject.input : null;
  const scopes = input?.['scopes'];
  const ttlHours = input?.['ttlHours'];
  if (!repository || !Array.isArray(scopes) || typeof ttlHours !== 'number' || !Number.isSafeInteger(ttlHours) || ttlHours < 1) return null;
  if (scopes.length === 0 || scopes.some((scope) => scope !== 'read' && scope !== 'write')) return null;
  const kind = scopes.includes('write') ? (scopes.includes('read') ? 'read and write' : 'write') : 'read-only';
  const lifetime = formatHours(ttlHours, context.locale);
  return {
    sentence: `A ${kind} token for ${repository}, valid ${lifetime}`,
    brief: `${kind[0]?.toUpperCase()}${kind.slice(1)} token, ${lifetime}`,
    target: repository,
  };
}

/** A whole-number field of a grant: absent (null), or a count from 0 up; undefined when it is neither (the grant is malformed). */
function count(input: Record<string, unknown>, field: string): number | null | undefined {
  const value = input[field];
  if (value === undefined || value === null) return null;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** An instant field of a grant: absent (null), formatted, or undefined when it is not an instant. */
function instant(input: Record<string, unknown>, field: string, context: EffectContext): string | null | undefined {
  const value = input[field];
  if (value === undefined || value === null) return null;
  return formatInstant(value, context) ?? undefined;
}

/**
 * `authority.grant` (the terms of a standing authority: `name`, ceilings
 * `minorUnits` + `currency`, `tokens`, `draws`, caps `perDrawMinorUnits`,
 * `perDrawTokens`, window `notBefore`, `notAfter`): what the agent may spend
 * without asking again, and for how long. "Grants billing-agent EUR
 * 100,000.00 over at most 40 draws, from now, no end date".
 */
export function describeGrant(subject: EffectSubject, context: EffectContext): Omit<Effect, 'amount'> | null {
  if (!isJsonObject(subject.input)) return null;
  const input = subject.input;
  const { locale } = context;
  const [minorUnits, tokens, draws, perDrawMinorUnits, perDrawTokens] = ['minorUnits', 'tokens', 'draws', 'perDrawMinorUnits', 'perDrawTokens'].map((field) =>
    count(input, field),
  );
  const currency = input['currency'] ?? null;
  const [notBefore, notAfter] = [instant(input, 'notBefore', context), instant(input, 'notAfter', context)];
  if ([minorUnits, tokens, draws, perDrawMinorUnits, perDrawTokens, notBefore, notAfter].includes(undefined)) return null;
  if (currency !== null && (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))) return null;
  if ((minorUnits !== null || perDrawMinorUnits !== null) && currency === null) return null;
  if (!subject.agent) return null;
  const agent = showInvisibles(subject.agent.name);
  const money = (units: number | null | undefined): string | null =>
    units === null || units === undefined || currency === null ? null : formatMoney({ minorUnits: units, currency } satisfies Money, locale);
  const tokensText = (value: number | null | undefined) => (value === null || value === undefined ? null : plural(value, 'token', locale));

  const ceilings = [money(minorUnits), tokensText(tokens)].filter((part) => part !== null);
  const drawsText = draws === null || draws === undefined ? null : plural(draws, 'draw', locale);
  let grant: string;
  if (ceilings.length > 0) grant = `Grants ${agent} ${ceilings.join(' and ')}${drawsText ? ` over at most ${drawsText}` : ''}`;
  else if (drawsText) grant = `Grants ${agent} at most ${drawsText}, of any size`;
  else return null;
  const caps = [money(perDrawMinorUnits), tokensText(perDrawTokens)].filter((part) => part !== null);
  const perDraw = caps.length > 0 ? `, at most ${caps.join(' and ')} a draw` : '';
  const window = `, from ${notBefore ?? 'now'}, ${notAfter ? `until ${notAfter}` : 'no end date'}`;

  const headline = money(minorUnits) ?? tokensText(tokens) ?? drawsText;
  return { sentence: `${grant}${perDraw}${window}`, brief: `Grant ${headline ?? ''}`.trim(), target: agent };
}

/** `tenant.inviteOwner` (`{invitationId, note?}`), an owner-to-owner request: a link that lets someone join as an owner. */
export function describeInviteOwner(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const input = isJsonObject(subject.input) ? subject.input : null;
  const note = input?.['note'];
  const label = typeof note === 'string' && note !== '' ? ` (${showInvisibles(note)})` : '';
  return { sentence: `Creates a link that lets one person join this workspace as an owner${label}`, brief: 'Invite an owner', target: 'invite' };
}

/** `tenant.changePolicy` (`{op, approvalsRequired}`), an owner-to-owner request: an operation needs fewer approvals. */
export function describeChangePolicy(subject: EffectSubject): Omit<Effect, 'amount'> | null {
  const input = isJsonObject(subject.input) ? subject.input : null;
  const op = input?.['op'];
  const approvals = input?.['approvalsRequired'];
  if (typeof op !== 'string' || (approvals !== 1 && approvals !== 2)) return null;
  const shown = showInvisibles(op);
  return {
    sentence: `Lets ${shown} run with ${approvals === 1 ? 'one owner’s approval' : 'two owners’ approvals'}`,
    brief: `${shown}: ${approvals} approval${approvals === 1 ? '' : 's'}`,
    target: shown,
  };
}

/**
 * One description per built-in operation, by its name: every operation in
 * the API's catalogue (apps/api/src/domains/signoffs/catalogue/operations.ts). A Map, so an
 * agent's op named "constructor" finds nothing rather than Object's own.
 */
export const BUILT_IN_EFFECTS: ReadonlyMap<string, BuiltInEffect> = new Map<string, BuiltInEffect>([
  ['repository.serve', describeServe],
  ['repository.unserve', describeUnserve],
  ['repository.delete', describeDelete],
  ['repository.transfer', describeTransfer],
  ['repository.mintToken', describeMintToken],
  ['authority.grant', describeGrant],
  ['tenant.inviteOwner', describeInviteOwner],
  ['tenant.changePolicy', describeChangePolicy],
]);
