import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APPROVAL_TOKEN_TYPE, verifyApproval } from './approvals.js';
import { CountersignError } from './errors.js';

const ISSUER = 'https://countersign.example';
const TENANT = 'tenant-1';
const INPUT = { to: 'ada@example.com', subject: 'Your refund' };
const INPUT_HASH = createHash('sha256').update('{"subject":"Your refund","to":"ada@example.com"}').digest('hex');

/** A key set served over HTTP on loopback, as the API serves `/.well-known/jwks.json`. */
interface KeySetServer {
  url: string;
  /** How many times the key set was fetched. */
  fetches: () => number;
  stop: () => Promise<void>;
}

async function serveKeySet(keys: JWK[]): Promise<KeySetServer> {
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    fetches++;
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    fetches: () => fetches,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function signingKey(kid: string): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}

const now = () => Math.floor(Date.now() / 1000);

/** An approval token as the API signs one, with `changes` to its claims and header. */
function approval(
  privateKey: CryptoKey,
  { kid = 'k1', typ = APPROVAL_TOKEN_TYPE, claims = {} }: { kid?: string; typ?: string; claims?: Record<string, unknown> } = {},
): Promise<string> {
  const iat = now();
  return new SignJWT({
    iss: ISSUER,
    sub: 'signoff-1',
    op: 'email.send',
    opVersion: 2,
    inputHash: INPUT_HASH,
    agent: 'agent-1',
    approvedBy: 'owner-1',
    approvers: ['owner-1'],
    tenant: TENANT,
    aud: TENANT,
    iat,
    exp: iat + 15 * 60,
    jti: 'grant-1',
    ...claims,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ, kid })
    .sign(privateKey);
}

let keySet: KeySetServer;
let key: { privateKey: CryptoKey; jwk: JWK };

beforeAll(async () => {
  key = await signingKey('k1');
  keySet = await serveKeySet([key.jwk]);
});

afterAll(async () => {
  await keySet.stop();
});

/** The rejection of `promise`, which must be a CountersignError. */
async function refusal(promise: Promise<unknown>): Promise<CountersignError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CountersignError);
  return error as CountersignError;
}

describe('verifyApproval', () => {
  test('answers the typed claims of a token signed by a published key, when everything expected matches', async () => {
    const token = await approval(key.privateKey);

    const claims = await verifyApproval(token, {
      jwksUrl: keySet.url,
      audience: TENANT,
      issuer: ISSUER,
      expected: { op: 'email.send', inputHash: INPUT_HASH, sub: 'signoff-1' },
    });

    expect(claims).toEqual({
      iss: ISSUER,
      sub: 'signoff-1',
      op: 'email.send',
      opVersion: 2,
      inputHash: INPUT_HASH,
      agent: 'agent-1',
      approvedBy: 'owner-1',
      approvers: ['owner-1'],
      tenant: TENANT,
      aud: TENANT,
      iat: expect.any(Number) as unknown,
      exp: claims.iat + 900,
      jti: 'grant-1',
    });
  });

  test('checks the input itself when given: the same input in another key order holds, another input does not', async () => {
    const token = await approval(key.privateKey);

    await expect(
      verifyApproval(token, { audience: TENANT, jwksUrl: new URL(keySet.url), expected: { input: { subject: 'Your refund', to: 'ada@example.com' } } }),
    ).resolves.toMatchObject({
      inputHash: INPUT_HASH,
    });
    const error = await refusal(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, expected: { input: { ...INPUT, to: 'eve@example.com' } } }));
    expect(error.code).toBe('INVALID_APPROVAL');
  });

  test('fails INVALID_APPROVAL, naming the claim, when the expected input hash differs', async () => {
    const token = await approval(key.privateKey);
    const changed = createHash('sha256').update('{"subject":"Your refund","to":"eve@example.com"}').digest('hex');

    const error = await refusal(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, issuer: ISSUER, expected: { inputHash: changed } }));

    expect(error.code).toBe('INVALID_APPROVAL');
    expect(error.message).toBe(`The approval's inputHash is "${INPUT_HASH}", not the expected "${changed}".`);
  });

  test('fails INVALID_APPROVAL when the op, the request or the issuer differs', async () => {
    const token = await approval(key.privateKey);

    await expect(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, expected: { op: 'invoice.pay' } })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message: /op/,
    });
    await expect(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, expected: { sub: 'signoff-2' } })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message: /sub/,
    });
    await expect(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, issuer: 'https://elsewhere.example' })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message: /iss/,
    });
  });

  test('fails INVALID_APPROVAL for an expired token', async () => {
    const token = await approval(key.privateKey, { claims: { iat: now() - 3600, exp: now() - 60 } });

    const error = await refusal(verifyApproval(token, { audience: TENANT, jwksUrl: keySet.url, issuer: ISSUER }));

    expect(error.code).toBe('INVALID_APPROVAL');
    expect(error.message).toMatch(/^The approval expired at \d{4}-/);
  });

  test('fails INVALID_APPROVAL for a token signed by a key the set does not publish, under a known or an unknown key id', async () => {
    const stranger = await signingKey('k1');

    const sameKid = await refusal(verifyApproval(await approval(stranger.privateKey), { audience: TENANT, jwksUrl: keySet.url }));
    const otherKid = await refusal(verifyApproval(await approval(stranger.privateKey, { kid: 'k9' }), { audience: TENANT, jwksUrl: keySet.url }));

    for (const error of [sameKid, otherKid]) {
      expect(error.code).toBe('INVALID_APPROVAL');
      expect(error.message).toBe(`The approval's signature does not verify with any key published at ${keySet.url}.`);
    }
  });

  test('fails INVALID_APPROVAL for a JWT of another type, one missing a claim, and text that is no token', async () => {
    const otherType = await approval(key.privateKey, { typ: 'JWT' });
    const noTenant = await approval(key.privateKey, { claims: { tenant: undefined } });

    await expect(verifyApproval(otherType, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /typ/ });
    await expect(verifyApproval(noTenant, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /tenant/ });
    await expect(verifyApproval('not.a.token', { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL' });
  });

  test('throws BAD_INPUT without an audience, before fetching the key set', async () => {
    const own = await serveKeySet([key.jwk]);
    try {
      const options = { jwksUrl: own.url } as unknown as Parameters<typeof verifyApproval>[1];
      const error = await refusal(verifyApproval(await approval(key.privateKey), options));
      const empty = await refusal(verifyApproval(await approval(key.privateKey), { ...options, audience: '' }));

      expect([error.code, empty.code]).toEqual(['BAD_INPUT', 'BAD_INPUT']);
      expect(error.message).toMatch(/audience/);
      expect(own.fetches()).toBe(0);
    } finally {
      await own.stop();
    }
  });

  test("fails INVALID_APPROVAL for another tenant's token, and for one with no audience", async () => {
    const otherTenant = await approval(key.privateKey, { claims: { tenant: 'tenant-2', aud: 'tenant-2' } });
    const noAudience = await approval(key.privateKey, { claims: { aud: undefined } });
    const mismatched = await approval(key.privateKey, { claims: { tenant: 'tenant-2' } });

    await expect(verifyApproval(otherTenant, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /aud/ });
    await expect(verifyApproval(noAudience, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /aud/ });
    await expect(verifyApproval(mismatched, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /tenant/ });
  });

  test('reads both approvers of a two-person request, and the rule (with no approvedBy) of one a rule approved', async () => {
    const twoPerson = await approval(key.privateKey, { claims: { approvedBy: 'owner-2', approvers: ['owner-1', 'owner-2'] } });
    const byRule = await approval(key.privateKey, { claims: { approvedBy: undefined, approvers: [], rule: 'rule-1' } });
    const nobody = await approval(key.privateKey, { claims: { approvedBy: undefined, approvers: [] } });
    const noList = await approval(key.privateKey, { claims: { approvers: 'owner-1' } });

    await expect(verifyApproval(twoPerson, { audience: TENANT, jwksUrl: keySet.url })).resolves.toMatchObject({
      approvedBy: 'owner-2',
      approvers: ['owner-1', 'owner-2'],
    });
    const ruled = await verifyApproval(byRule, { audience: TENANT, jwksUrl: keySet.url });
    expect(ruled).toMatchObject({ approvers: [], rule: 'rule-1' });
    expect(ruled).not.toHaveProperty('approvedBy');
    await expect(verifyApproval(nobody, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL' });
    await expect(verifyApproval(noList, { audience: TENANT, jwksUrl: keySet.url })).rejects.toMatchObject({ code: 'INVALID_APPROVAL', message: /approvers/ });
  });

  test('fails TRANSPORT, not INVALID_APPROVAL, when the key set cannot be read', async () => {
    const gone = await serveKeySet([]);
    await gone.stop();

    const error = await refusal(verifyApproval(await approval(key.privateKey), { audience: TENANT, jwksUrl: gone.url }));

    expect(error.code).toBe('TRANSPORT');
    expect(error.message).toContain(gone.url);
  });

  test('fetches a key set once for many verifications', async () => {
    const own = await serveKeySet([key.jwk]);
    try {
      for (let i = 0; i < 3; i++) await verifyApproval(await approval(key.privateKey), { audience: TENANT, jwksUrl: own.url });
      expect(own.fetches()).toBe(1);
    } finally {
      await own.stop();
    }
  });
});
