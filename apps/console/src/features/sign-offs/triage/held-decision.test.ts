import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { droppedSentence, fateOf, heldSentence, undoneSentence, type HeldDecision } from './held-decision';

const decision = (ids: readonly string[], approve = true): HeldDecision => ({
  serial: 1,
  requests: ids.map((id, index) => ({ id, title: `Request ${id}`, index })),
  approve,
  note: null,
  single: ids.length === 1,
  dueAt: 0,
});

describe('fateOf', () => {
  it('sends every request still waiting and drops, never sends, those that left; offline it sends nothing', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean()),
        fc.boolean(),
        (ids, stays, online) => {
          const waiting = new Set(ids.filter((_, index) => stays[index] ?? true));
          const fate = fateOf(decision(ids), { online, waiting });
          if (!online) {
            expect(fate).toEqual({ send: [], left: [], offline: true });
            return;
          }
          expect(fate.send.map((request) => request.id)).toEqual(ids.filter((id) => waiting.has(id)));
          expect(fate.left.map((request) => request.id)).toEqual(ids.filter((id) => !waiting.has(id)));
        },
      ),
    );
  });
});

describe('what the owner is told', () => {
  it('says what will be sent and when, and what Undo left as it was', () => {
    expect(heldSentence(decision(['a']))).toBe('Approving “Request a” in 5 s');
    expect(heldSentence(decision(['a', 'b'], false))).toBe('Denying 2 requests in 5 s');
    expect(undoneSentence(decision(['a']))).toBe('Undone: “Request a” still waits; nothing was sent.');
  });

  it('says a dropped decision was not sent, and why; nothing when none was dropped', () => {
    const held = decision(['a', 'b']);
    expect(droppedSentence(held, fateOf(held, { online: false, waiting: new Set(['a', 'b']) }))).toMatch(
      /^Not approved: you were offline when 2 requests were due to be sent\. Nothing was sent, and nothing will be/,
    );
    expect(droppedSentence(held, fateOf(held, { online: true, waiting: new Set(['b']) }))).toMatch(
      /^Not approved: “Request a” left the list before it was sent/,
    );
    expect(droppedSentence(held, fateOf(held, { online: true, waiting: new Set(['a', 'b']) }))).toBeUndefined();
  });
});
