import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeFailure, errorDetail, fetchFailure, type TransportFailure } from './plain-errors';

/** Words an owner should never have to read in a message (they may appear in the detail). */
const JARGON = /GraphQL|HTTP|status|answered|fetch|navigator|TypeError|[A-Z]{2,}_[A-Z]/;

const failures: fc.Arbitrary<TransportFailure> = fc.oneof(
  fc.constant({ kind: 'offline' } as const),
  fc.string().map((cause) => ({ kind: 'unreachable', cause }) as const),
  fc.string().map((cause) => ({ kind: 'disconnected', cause }) as const),
  fc.integer({ min: 1, max: 600 }).map((seconds) => ({ kind: 'timeout', seconds }) as const),
  fc.integer({ min: 100, max: 599 }).map((status) => ({ kind: 'http', status }) as const),
  fc.integer({ min: 100, max: 599 }).map((status) => ({ kind: 'no-data', status }) as const),
  fc.record({
    kind: fc.constant('graphql' as const),
    status: fc.integer({ min: 100, max: 599 }),
    code: fc.constantFrom(undefined, 'UNAUTHENTICATED', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL'),
    message: fc.string(),
  }),
);

describe('describeFailure', () => {
  it('never shows the raw transport account: "The server answered 500 without a GraphQL body" is the detail, not the message', () => {
    const { message, detail } = describeFailure({ kind: 'http', status: 500 });
    expect(message).toBe('Countersign had a problem on its side. Try again in a moment.');
    expect(detail).toBe('The server answered HTTP 500 without a GraphQL body.');
  });

  it('says what an owner can do when the network is the problem', () => {
    expect(describeFailure({ kind: 'offline' }).message).toBe('You are offline, so nothing was sent. Reconnect, then try again.');
    const unreachable = describeFailure({ kind: 'unreachable', cause: 'TypeError: Failed to fetch' });
    expect(unreachable.message).toBe('Countersign cannot be reached. Check your connection, or try again in a moment.');
    expect(unreachable.detail).toContain('TypeError: Failed to fetch');
    // Lost mid-request, the request may have arrived: the owner is told to check rather than that nothing happened.
    expect(describeFailure({ kind: 'disconnected', cause: 'TypeError: Failed to fetch' }).message).toBe(
      'Your connection dropped while this was being sent. If you were changing something, check whether it took effect before trying again.',
    );
  });

  it('warns after a timeout that a change may have happened anyway', () => {
    expect(describeFailure({ kind: 'timeout', seconds: 30 }).message).toBe(
      'Countersign did not answer within 30 seconds. If you were changing something, check whether it took effect before trying again.',
    );
  });

  it('reads a non-GraphQL answer by its status', () => {
    expect(describeFailure({ kind: 'http', status: 502 }).message).toMatch(/^Countersign had a problem on its side/);
    expect(describeFailure({ kind: 'http', status: 504 }).message).toMatch(/^Countersign took too long to answer/);
    expect(describeFailure({ kind: 'http', status: 413 }).message).toBe('What you sent is too large for Countersign to accept. Shorten it and try again.');
    expect(describeFailure({ kind: 'http', status: 400 }).message).toBe('Countersign could not accept this request. Reload the page and try again.');
    expect(describeFailure({ kind: 'http', status: 401 }).message).toBe('Your session has ended. Sign in again to continue.');
    expect(describeFailure({ kind: 'http', status: 429 }).message).toBe('Countersign is busy right now. Try again in a moment.');
  });

  it('replaces operator wording for the codes that carry it, and keeps it as detail', () => {
    const internal = describeFailure({ kind: 'graphql', status: 500, code: 'INTERNAL', message: 'Internal error: the failure has been logged.' });
    expect(internal.message).toBe('Countersign had a problem on its side. Try again in a moment.');
    expect(internal.detail).toBe('INTERNAL (HTTP 500): Internal error: the failure has been logged.');
    expect(describeFailure({ kind: 'graphql', status: 401, code: 'UNAUTHENTICATED', message: 'Sign in first.' }).message).toBe(
      'Your session has ended. Sign in again to continue.',
    );
    expect(describeFailure({ kind: 'graphql', status: 503, code: 'UNAVAILABLE', message: 'The database became unavailable while this ran' }).message).toMatch(
      /^Countersign cannot reach its database right now\. If you were changing something/,
    );
    expect(describeFailure({ kind: 'graphql', status: 413, code: 'BAD_INPUT', message: 'The request body is larger than the limit.' }).message).toMatch(
      /^What you sent is too large/,
    );
  });

  it("passes the API's own wording of a domain error through, as a sentence", () => {
    expect(describeFailure({ kind: 'graphql', status: 404, code: 'NOT_FOUND', message: 'No sign-off request with this id.' }).message).toBe(
      'No sign-off request with this id.',
    );
    expect(describeFailure({ kind: 'graphql', status: 400, code: 'BAD_INPUT', message: 'Input for x: name is required' }).message).toBe(
      'Input for x: name is required.',
    );
  });

  it('always gives a sentence and a detail; only a message the API worded itself may carry technical words', () => {
    fc.assert(
      fc.property(failures, (failure) => {
        const { message, detail } = describeFailure(failure);
        expect(message).toMatch(/\S[.!?]$/);
        expect(detail.length).toBeGreaterThan(0);
        if (failure.kind !== 'graphql') expect(message).not.toMatch(JARGON);
      }),
    );
  });
});

describe('fetchFailure', () => {
  it('tells a timeout, a connection lost on the way and an unreachable server apart', () => {
    expect(fetchFailure(new DOMException('signal timed out', 'TimeoutError'), true, 30)).toEqual({ kind: 'timeout', seconds: 30 });
    expect(fetchFailure(new TypeError('Failed to fetch'), false, 30)).toEqual({ kind: 'disconnected', cause: 'TypeError: Failed to fetch' });
    expect(fetchFailure(new TypeError('Failed to fetch'), true, 30)).toEqual({ kind: 'unreachable', cause: 'TypeError: Failed to fetch' });
  });
});

describe('errorDetail', () => {
  it('reads the detail a transport error kept, and nothing from a plain Error', () => {
    expect(errorDetail(Object.assign(new Error('plain'), { detail: 'technical' }))).toBe('technical');
    expect(errorDetail(new Error('plain'))).toBeUndefined();
  });
});
