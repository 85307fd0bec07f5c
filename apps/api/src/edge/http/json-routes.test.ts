import express from 'express';
import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import type { Database } from '../../platform/db/database.js';
import { auditKeysHandler } from './audit-export-route.js';

/** What a request got: its status, headers, and its body as text (a refusal must be JSON, never HTML). */
async function send(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The code of a GraphQL-shaped JSON error body, failing on any other shape. */
function codeOf(text: string): string | undefined {
  const body = JSON.parse(text) as { errors: { message: string; extensions: { code: string } }[] };
  expect(body).toEqual({ errors: [{ message: expect.any(String) as string, extensions: { code: expect.any(String) as string } }] });
  return body.errors[0]?.extensions.code;
}

describe('the non-GraphQL JSON routes under hostile input', () => {
  apiTest('answer oversized, malformed or misdirected requests to /audit/export with a 4xx JSON error, never a 500', async ({ api }) => {
    const owner = await api.owner();
    const url = `${api.url}/audit/export`;
    const cases: [string, RequestInit, number, string][] = [
      ['no credentials', {}, 401, 'UNAUTHENTICATED'],
      ['a key of 5,000 characters', { headers: { authorization: `Bearer csk_${'k'.repeat(5_000)}` } }, 401, 'UNAUTHENTICATED'],
      ['a scheme other than Bearer', { headers: { authorization: 'Basic b3duZXI6cGFzcw==' } }, 401, 'UNAUTHENTICATED'],
      ['a cookie that is not percent-encoded text', { headers: { cookie: 'countersign_session=%E0%A4%A' } }, 401, 'UNAUTHENTICATED'],
      [
        'a POST with a large JSON body',
        { method: 'POST', headers: { cookie: owner.cookie, 'content-type': 'application/json' }, body: `{"a":"${'x'.repeat(2_000_000)}"}` },
        404,
        'NOT_FOUND',
      ],
    ];
    for (const [name, init, status, code] of cases) {
      const answer = await send(url, init);
      expect(answer.status, name).toBe(status);
      expect(answer.headers.get('content-type'), name).toMatch(/^application\/json/);
      expect(codeOf(answer.text), name).toBe(code);
    }
    const query = await send(`${url}?${'q='.padEnd(6_000, 'x')}&%zz=%E0%A4%A`, { headers: { cookie: owner.cookie } });
    expect(query.status).toBe(200);
    expect(query.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect((await send(`${api.url}/healthz`)).status).toBe(200);
  });

  apiTest('serve the .well-known key sets whatever the query, and refuse other methods in JSON', async ({ api }) => {
    for (const path of ['/.well-known/jwks.json', '/.well-known/audit-keys.json']) {
      const served = await send(`${api.url}${path}?%zz=${'y'.repeat(6_000)}`);
      expect(served.status, path).toBe(200);
      expect((JSON.parse(served.text) as { keys: unknown[] }).keys, path).toEqual(expect.any(Array));
      const posted = await send(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      expect(posted.status, path).toBe(404);
      expect(codeOf(posted.text), path).toBe('NOT_FOUND');
    }
  });

  test("answers /.well-known/audit-keys.json 503 in the key sets' bare JSON shape when the database cannot be read", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const pool = new pg.Pool({ host: '127.0.0.1', port, connectionTimeoutMillis: 2_000 });
    const app = express();
    // The handler reads only the pool; a pool whose server is gone is the database as it is then.
    app.get('/.well-known/audit-keys.json', auditKeysHandler({ pool } as unknown as Database));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/audit-keys.json`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(JSON.parse(answer.text)).toEqual({ error: 'The audit keys cannot be read right now; try again.' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    }
  });
});
