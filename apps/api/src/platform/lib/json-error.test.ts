import express, { type Response } from 'express';
import { GraphQLError } from 'graphql';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { graphQLError, retryLaterError } from './errors.js';
import { INTERNAL_MESSAGE, sendJsonError, sendKeySetError, sendThrownError } from './json-error.js';

/** Serves one route whose handler writes with `write`, and answers what a GET of it got. */
async function answerOf(write: (res: Response) => void) {
  const app = express();
  app.get('/route', (_req, res) => write(res));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/route`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the JSON error writer', () => {
  test('answers a code with its status from the one table, in the GraphQL-shaped body', async () => {
    const answer = await answerOf((res) => sendJsonError(res, 'FORBIDDEN', 'Not yours.'));
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: 'Not yours.', extensions: { code: 'FORBIDDEN' } }] });
  });

  test('sends Retry-After with UNAVAILABLE, as GraphQL does, in both wire shapes', async () => {
    const routed = await answerOf((res) => sendJsonError(res, 'UNAVAILABLE', 'Try again.'));
    expect(routed.status).toBe(503);
    expect(routed.headers.get('retry-after')).toBe('1');
    const keySet = await answerOf((res) => sendKeySetError(res, 'UNAVAILABLE', 'The keys cannot be read right now; try again.'));
    expect(keySet.status).toBe(503);
    expect(keySet.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(keySet.text)).toEqual({ error: 'The keys cannot be read right now; try again.' });
  });

  test('answers a thrown refusal from the enum as itself, with its status and headers', async () => {
    const refused = await answerOf((res) => sendThrownError(res, graphQLError('UNAUTHENTICATED', 'This agent key is unknown or has been revoked.')));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual({
      errors: [{ message: 'This agent key is unknown or has been revoked.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const later = await answerOf((res) => sendThrownError(res, retryLaterError('RATE_LIMITED', 'Slow down.', 7)));
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('7');
  });

  test.each([
    ['a plain error', new Error('connect ECONNREFUSED 10.0.0.7:5432 user=countersign password=hunter2')],
    ['a GraphQL error coded INTERNAL', graphQLError('INTERNAL', 'SELECT secret FROM sealed_keys failed')],
    ['a GraphQL error with no code', new GraphQLError('Cannot read properties of undefined (reading "secret")')],
    ['a GraphQL error with a code outside the enum', new GraphQLError('stack at store.ts:42', { extensions: { code: 'PG_FAILED' } })],
    ['a thrown string', 'hunter2'],
  ])('masks %s as a 500 that says nothing of its cause', async (_name, error) => {
    const answer = await answerOf((res) => sendThrownError(res, error));
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: INTERNAL_MESSAGE, extensions: { code: 'INTERNAL' } }] });
    expect(answer.text).not.toMatch(/hunter2|secret|ECONNREFUSED|store\.ts|PG_FAILED/);
  });
});
