import { GraphQLError } from 'graphql';
import type { Amounts, Authority, Receipt } from '../src/types.js';

/**
 * The API's draw rule, simplified, for the stand-in API: replay by dispatch
 * key first, then revoked, window, per-draw caps, ceilings. Updates the
 * authority and its receipts in place and answers as `drawAuthority` would.
 */
export function draw(
  authorities: Map<string, Authority>,
  receiptsById: Map<string, Receipt[]>,
  { authority: id, dispatchKey, tokens, minorUnits }: { authority: string; dispatchKey: string; tokens: number; minorUnits: number },
) {
  if (tokens === 0 && minorUnits === 0) throw new GraphQLError('A draw takes some tokens or minor units.', { extensions: { code: 'BAD_INPUT' } });
  const authority = authorities.get(id);
  if (!authority) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No authority of yours has that id.' };
  const receipts = receiptsById.get(id)!;
  const prior = receipts.find((receipt) => receipt.dispatchKey === dispatchKey);
  if (prior) {
    return prior.tokens === tokens && prior.minorUnits === minorUnits
      ? { __typename: 'Drawn', receipt: prior, replayed: true, authority }
      : {
          __typename: 'DispatchKeyReused',
          code: 'DISPATCH_KEY_REUSED',
          message: 'This dispatch key already drew a different amount; nothing was drawn.',
          receipt: prior,
        };
  }
  if (authority.state === 'REVOKED') {
    return { __typename: 'Revoked', code: 'REVOKED', message: `The authority was revoked: ${authority.revokeReason}`, reason: authority.revokeReason };
  }
  if (authority.state === 'EXPIRED') return { __typename: 'Expired', code: 'EXPIRED', message: 'The authority has expired.' };
  if (authority.perDrawTokens !== null && tokens > authority.perDrawTokens) {
    return { __typename: 'PerDrawCapExceeded', code: 'PER_DRAW_CAP_EXCEEDED', message: `One draw may take at most ${authority.perDrawTokens} tokens.` };
  }
  const { remaining } = authority;
  const short = (left: number | null, wanted: number) => left !== null && left < wanted;
  if (short(remaining.tokens, tokens) || short(remaining.minorUnits, minorUnits) || short(remaining.draws, 1)) {
    return { __typename: 'Exhausted', code: 'EXHAUSTED', message: 'Not enough is left under the authority for this draw.', remaining };
  }
  const less = (left: number | null, taken: number) => (left === null ? null : left - taken);
  const after: Amounts = { tokens: less(remaining.tokens, tokens), minorUnits: less(remaining.minorUnits, minorUnits), draws: less(remaining.draws, 1) };
  const drawn = authority.drawn as { tokens: number; minorUnits: number; draws: number };
  const updated: Authority = {
    ...authority,
    drawn: { tokens: drawn.tokens + tokens, minorUnits: drawn.minorUnits + minorUnits, draws: drawn.draws + 1 },
    remaining: after,
  };
  authorities.set(id, updated);
  const receipt: Receipt = { dispatchKey, tokens, minorUnits, remaining: after, ordinal: receipts.length + 1, drawnAt: new Date().toISOString() };
  receipts.push(receipt);
  return { __typename: 'Drawn', receipt, replayed: false, authority: updated };
}
