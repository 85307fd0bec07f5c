import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { dbTest } from '../../../../test/fixtures.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import { APPROVAL_TOKEN_TYPE } from './claims.js';
import { jwksHandler } from './jwks-route.js';
import { createApprovalSigner, rotateApprovalKey, type ApprovalSigner } from './signer.js';

const ISSUER = 'https://countersign.example';
const box = new SecretBox(Buffer.alloc(32, 7));
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A tiny app on 127.0.0.1 serving only the JWKS route; returns the route's URL. */
async function serveJwks(signer: ApprovalSigner): Promise<URL> {
  const app = express();
  app.get('/.well-known/jwks.json', jwksHandler(signer));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`);
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function claims() {
  return {
    sub: 'req-1',
    op: 'email.send',
    opVersion: 1,
    inputHash: 'b'.repeat(64),
    agent: 'agent-1',
    approvedBy: 'owner-1',
    approvers: ['owner-1'],
    tenant: 'tenant-1',
    jti: 'grant-1',
  };
}

describe('GET /.well-known/jwks.json', () => {
  dbTest('serves a cacheable key set that a remote verifier checks tokens against, before and after a rotation', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const url = await serveJwks(signer);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await response.json()) as { keys: { kid: string; d?: string }[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]?.d).toBeUndefined();

    const before = await signer.sign(claims());
    const options = { issuer: ISSUER, algorithms: ['EdDSA'], typ: APPROVAL_TOKEN_TYPE };
    const { payload } = await jwtVerify(before, createRemoteJWKSet(url), options);
    expect(payload).toMatchObject(claims());

    await rotateApprovalKey(database.pool, box);
    const after = await createApprovalSigner(database.pool, box, ISSUER).sign(claims());
    // A verifier that has not seen the new key fetches the set again; the old key is still in it.
    const verifier = createRemoteJWKSet(url);
    await expect(jwtVerify(before, verifier, options)).resolves.toMatchObject({ payload: { jti: 'grant-1' } });
    await expect(jwtVerify(after, verifier, options)).resolves.toMatchObject({ payload: { jti: 'grant-1' } });
  });

  dbTest('a token whose claims were changed does not verify', async ({ database }) => {
    const signer = createApprovalSigner(database.pool, box, ISSUER);
    const url = await serveJwks(signer);
    const [header, payload, signature] = (await signer.sign(claims())).split('.');
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), inputHash: 'c'.repeat(64) })).toString(
      'base64url',
    );
    await expect(jwtVerify(`${header}.${changed}.${signature}`, createRemoteJWKSet(url))).rejects.toThrow(/signature/);
  });

  test('answers 503 with a JSON error, and keeps serving, when the database cannot be reached', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 2_000 });
    try {
      const url = await serveJwks(createApprovalSigner(pool, box, ISSUER));
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetch(url);
        expect(response.status).toBe(503);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: expect.any(String) as string });
      }
    } finally {
      await pool.end();
    }
  });
});
