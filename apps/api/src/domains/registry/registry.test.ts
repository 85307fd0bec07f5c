import { generateKeyPairSync, sign, createHash, type KeyObject } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { ofType, stringContaining, stringMatching } from '../../../test/matchers.js';
import { failed, is, text, type CallOptions, type TestApi, type Wire } from '../../../test/testkit.js';
import { attestationPayload } from '@countersign/manifest';
import { readManifest } from './service.js';
import { listVersions } from './store.js';
import { serviceDeps } from '../../platform/lib/deps.js';

const PUBLISH = `mutation($input: PublishManifestInput!) {
  publishManifest(input: $input) {
    __typename
    ... on ManifestPublished { verdict manifest { digest content format verified attestation { keyId } } }
    ... on ManifestVersionTaken { code storedDigest message }
    ... on DomainError { code message }
  }
}`;
const REGISTER = `mutation($input: RegisterSigningKeyInput!) { registerSigningKey(input: $input) { ... on SigningKeyRegistered { existing key { keyId } } } }`;
const VERIFY = `query($name: String!, $version: String!) { manifest(name: $name, version: $version, verify: true) { digest verified } }`;

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { privateKey, pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(), raw, keyId: createHash('sha256').update(raw).digest('hex') };
}

const signDigest = (privateKey: KeyObject, digest: string) => sign(null, attestationPayload(digest), privateKey).toString('base64');

async function publish(api: TestApi, who: CallOptions, content: string, attestation?: { keyId: string; signature: string }): Promise<Wire> {
  const response = await api.graphql(PUBLISH, { input: { content, attestation } }, who);
  return response.data?.publishManifest ?? failed(response);
}

const DOC = { name: 'summariser', version: '1.0.0', ops: ['repository.mintToken'], limits: { tokens: 100, burst: 2 } };

describe('the manifest registry', () => {
  apiTest('inserts a version once; identical content, re-ordered keys or the same document in YAML are unchanged', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const json = JSON.stringify(DOC, null, 2);
    const first = await publish(api, { key: agent.key }, json);
    expect(first).toMatchObject({
      __typename: 'ManifestPublished',
      verdict: 'INSERTED',
      manifest: { content: json, format: 'JSON', verified: false, attestation: null },
    });
    const reordered = JSON.stringify({ limits: { burst: 2, tokens: 100 }, ops: ['repository.mintToken'], version: '1.0.0', name: 'summariser' });
    const yaml = 'name: summariser\nversion: "1.0.0"\nops:\n  - repository.mintToken\nlimits:\n  burst: 2\n  tokens: 100\n';
    for (const content of [json, reordered, yaml]) {
      expect(await publish(api, { cookie: owner.cookie }, content)).toMatchObject({
        verdict: 'UNCHANGED',
        manifest: { digest: first.manifest?.digest, content: json },
      });
    }
  });

  apiTest('refuses other content for a taken version, naming the stored digest, and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    const stored = await publish(api, { cookie: owner.cookie }, JSON.stringify(DOC));
    const taken = await publish(api, { cookie: owner.cookie }, JSON.stringify({ ...DOC, ops: [] }));
    expect(taken).toMatchObject({ __typename: 'ManifestVersionTaken', code: 'MANIFEST_VERSION_TAKEN', storedDigest: stored.manifest?.digest });
    expect(taken.message).toContain(stored.manifest?.digest);
    expect(await api.db.prisma.manifest.count()).toBe(1);
  });

  apiTest('refuses unparseable content, a missing name or version, and oversized content with BAD_INPUT', async ({ api }) => {
    const owner = await api.owner();
    for (const [content, message] of [
      ['{ "name": ', /not valid JSON/],
      ['name: [unclosed', /not valid YAML/],
      ['- a\n- b', /mapping/],
      [JSON.stringify({ version: '1' }), /needs a "name"/],
      [JSON.stringify({ name: 'x' }), /needs a "version"/],
      [JSON.stringify({ name: 'Bad Name', version: '1' }), /needs a "name"/],
      ['a: 1\na: 2\nname: x\nversion: "1"', /key "a" twice at the top/],
      [JSON.stringify({ name: 'big', version: '1', pad: 'x'.repeat(33 * 1024) }), /at most 32768 bytes/],
    ] as const) {
      const response = await api.graphql(PUBLISH, { input: { content } }, { cookie: owner.cookie });
      expect(response.errors?.[0]?.extensions?.code, content.slice(0, 20)).toBe('BAD_INPUT');
      expect(response.errors?.[0]?.message).toMatch(message);
    }
    expect(await api.db.prisma.manifest.count()).toBe(0);
  });

  apiTest('refuses a key written twice in one mapping, in JSON or YAML, at the top or nested, naming the key, and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    for (const [content, message] of [
      // JSON.parse keeps the last of two equal keys without a word; other parsers keep the first.
      ['{"name":"tool","version":"1","ops":["repository.delete"],"ops":[]}', /the key "ops" twice at the top/],
      ['{"name":"tool","version":"1","limits":{"tokens":1,"burst":2,"tokens":100}}', /the key "tokens" twice in limits/],
      ['{"name":"tool","version":"1","steps":[{"run":"a"},{"run":"b","run":"c"}]}', /the key "run" twice in steps\[1\]/],
      ['{"name":"tool","version":"1","version":"2"}', /the key "version" twice at the top/],
      // Keys compare as decoded: \u0061 is "a".
      ['{"name":"tool","version":"1","a":1,"\\u0061":2}', /the key "a" twice at the top/],
      ['name: tool\nversion: "1"\nops: [repository.delete]\nops: []\n', /the key "ops" twice at the top/],
      ['name: tool\nversion: "1"\nlimits:\n  tokens: 1\n  burst: 2\n  tokens: 100\n', /the key "tokens" twice in limits/],
      // 1 and "1" are distinct YAML keys but one JSON key: the document would lose one silently.
      ['name: tool\nversion: "1"\nlimits:\n  1: a\n  "1": b\n', /the key "1" twice in limits/],
      ['name: tool\nversion: "1"\n? [a, b]\n: 1\n', /mapping or a sequence as a key/],
      ['name: tool\nversion: "1"\nblob: !!binary aGVsbG8=\n', /value JSON cannot: a Buffer/],
    ] as const) {
      for (const who of [{ cookie: owner.cookie }, { key: agent.key }]) {
        const response = await api.graphql(PUBLISH, { input: { content } }, who);
        expect(response.errors?.[0]?.extensions?.code, content).toBe('BAD_INPUT');
        expect(response.errors?.[0]?.message, content).toMatch(message);
      }
    }
    expect(await api.db.prisma.manifest.count()).toBe(0);
  });

  apiTest(
    'refuses a YAML alias anywhere in a manifest, before resolving any, even a 32 KB document of alias keys or a self-referencing alias, and stores nothing',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      // F1: ~3,550 mappings whose key is an alias; resolving each one walked the whole document (about 40 s in all).
      let aliasKeys = 'name: x\nversion: "1"\na: &a k\nl:\n';
      while (aliasKeys.length < 32_000) aliasKeys += '- *a : 1\n';
      // The variant that used to pass: many anchors, each aliased once as a key in a flow mapping.
      let manyAnchors = 'name: x\nversion: "1"\n';
      for (let i = 0; manyAnchors.length < 16_000; i++) manyAnchors += `a${i}: &a${i} k\nm${i}: {*a${i} : 1}\n`;
      for (const [content, message] of [
        [aliasKeys, /^The manifest uses the YAML alias \*a as a key: aliases are not accepted in manifests/],
        [manyAnchors, /^The manifest uses the YAML alias \*a\d+ as a key: aliases are not accepted in manifests/],
        ['name: x\nversion: "1"\na: &a [*a]\n', /^The manifest uses the YAML alias \*a as a value: aliases are not accepted in manifests/],
        ['base: &b {x: 1}\nname: fuzz\nversion: "1"\nother: *b\n', /^The manifest uses the YAML alias \*b as a value: aliases are not accepted in manifests/],
      ] as const) {
        const response = await api.graphql(PUBLISH, { input: { content } }, { key: agent.key });
        expect(response.errors?.[0]?.extensions?.code, content.slice(0, 40)).toBe('BAD_INPUT');
        expect(response.errors?.[0]?.message, content.slice(0, 40)).toMatch(message);
      }
      // An anchor that nothing aliases is harmless, and accepted.
      expect(await publish(api, { key: agent.key }, 'name: anchored\nversion: "1"\nbase: &b {x: 1}\n')).toMatchObject({ verdict: 'INSERTED' });
      expect(await api.db.prisma.manifest.count()).toBe(1);
    },
  );

  apiTest('refuses a manifest that aliases would expand or whose canonical JSON exceeds 64 KiB, saying so, and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    // F12: 99 aliases of a 15 KB string (within the old maxAliasCount of 100) made 1.5 MB of canonical JSON.
    const amplified = `name: amp\nversion: "1"\na0: &a0 "${'x'.repeat(15_000)}"\nl: [${Array(99).fill('*a0').join(', ')}]\n`;
    const aliased = await api.graphql(PUBLISH, { input: { content: amplified } }, { key: agent.key });
    expect(aliased.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_INPUT' },
      message: stringContaining('The manifest uses the YAML alias *a0 as a value: aliases are not accepted in manifests'),
    });
    // Without aliases a 30 KB text still grows threefold: YAML's "\0" is JSON's "\u0000".
    const escaped = `name: esc\nversion: "1"\nb: "${'\\0'.repeat(15_000)}"\n`;
    const grown = await api.graphql(PUBLISH, { input: { content: escaped } }, { key: agent.key });
    expect(grown.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_INPUT' },
      message: stringContaining('canonical JSON (the form its digest is taken of, stored and served) is 90035 bytes: at most 65536 (64 KiB) are accepted'),
    });
    // Just inside the bound is accepted.
    const inside = `name: esc\nversion: "2"\nb: "${'\\0'.repeat(10_000)}"\n`;
    expect(await publish(api, { key: agent.key }, inside)).toMatchObject({ verdict: 'INSERTED' });
    expect(await api.db.prisma.manifest.count()).toBe(1);
  });

  apiTest(
    'refuses a number its double cannot hold exactly, in JSON or YAML, as a value or a key, and accepts texts of the same value under one digest',
    async ({ api }) => {
      const owner = await api.owner();
      for (const [content, literal, digested] of [
        // F3: these shared one digest with the text holding 100000000000000000000, so its signature verified them.
        ['{"name":"prec","version":"1","max":100000000000000000001}', '100000000000000000001', '100000000000000000000'],
        ['name: prec\nversion: "1"\nmax: 100000000000000000001\n', '100000000000000000001', '100000000000000000000'],
        ['{"name":"prec","version":"1","max":9007199254740993}', '9007199254740993', '9007199254740992'],
        ['name: prec\nversion: "1"\nmax: 0x20000000000001\n', '0x20000000000001', '9007199254740992'],
        ['{"name":"prec","version":"1","rate":0.10000000000000001}', '0.10000000000000001', '0.1'],
        ['name: prec\nversion: "1"\nrate: 1e-400\n', '1e-400', '0'],
        ['name: prec\nversion: "1"\nlimits:\n  100000000000000000001: a\n', '100000000000000000001', '100000000000000000000'],
      ] as const) {
        const response = await api.graphql(PUBLISH, { input: { content } }, { cookie: owner.cookie });
        expect(response.errors?.[0]?.extensions?.code, content).toBe('BAD_INPUT');
        expect(response.errors?.[0]?.message, content).toBe(
          `The manifest holds the number ${literal}, which a double cannot hold exactly: it would be digested as ${digested}, a different value to readers that keep numbers exact, so one digest and one signature would stand for two documents. Write ${digested}, or quote the number as a string.`,
        );
      }
      expect(await api.db.prisma.manifest.count()).toBe(0);
      const exact = await publish(api, { cookie: owner.cookie }, '{"name":"prec","version":"1","max":100000000000000000000,"rate":0.1,"one":1.0,"k":1e3}');
      expect(exact).toMatchObject({ verdict: 'INSERTED', manifest: { content: ofType(String) } });
      for (const same of [
        '{"name":"prec","version":"1","max":1e20,"rate":0.100,"one":1,"k":1000}',
        'name: prec\nversion: "1"\nmax: 100000000000000000000\nrate: 0.1\none: 1.0\nk: 1000.0\n',
      ]) {
        expect(await publish(api, { cookie: owner.cookie }, same)).toMatchObject({ verdict: 'UNCHANGED', manifest: { digest: exact.manifest?.digest } });
      }
    },
  );

  apiTest(
    'adopts an attestation only onto the exact stored text: same digest but other bytes is refused and the stored version keeps its text and verification',
    async ({ api }) => {
      const owner = await api.owner();
      const key = keyPair();
      await api.graphql(REGISTER, { input: { publicKey: key.pem, name: 'release' } }, { cookie: owner.cookie });
      const stored = '# ops below are safe to run unattended\nname: summariser\nversion: "1.0.0"\nops: [repository.mintToken]\n';
      const unsigned = await publish(api, { cookie: owner.cookie }, stored);
      expect(unsigned).toMatchObject({ verdict: 'INSERTED', manifest: { content: stored, attestation: null } });
      const digest = text(unsigned.manifest?.digest);
      const signature = { keyId: key.keyId, signature: signDigest(key.privateKey, digest) };
      const READ = `query($name: String!, $version: String!) { manifest(name: $name, version: $version) { content verified attestation { keyId } } manifestVersions(name: $name) { nodes { signed verified } } }`;
      const before = await api.graphql(READ, { name: 'summariser', version: '1.0.0' }, { cookie: owner.cookie });

      // The signer's own text: one document, one digest, other bytes (no comment, JSON, keys reordered).
      for (const signedText of [
        'name: summariser\nversion: "1.0.0"\nops: [repository.mintToken]\n',
        JSON.stringify({ version: '1.0.0', ops: ['repository.mintToken'], name: 'summariser' }),
      ]) {
        const refused = await publish(api, { cookie: owner.cookie }, signedText, signature);
        expect(refused).toMatchObject({ __typename: 'ManifestVersionTaken', code: 'MANIFEST_VERSION_TAKEN', storedDigest: digest });
        expect(refused.message).toMatch(/stored unsigned as other text with the same digest/);
        expect(refused.message).toMatch(/exact text it was published with, byte for byte/);
        expect(await api.graphql(READ, { name: 'summariser', version: '1.0.0' }, { cookie: owner.cookie })).toMatchObject({ data: before.data });
        const verify = await api.graphql(VERIFY, { name: 'summariser', version: '1.0.0' }, { cookie: owner.cookie });
        expect(verify.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_ATTESTATION' }, message: stringMatching(/carries no attestation/) });
      }
      expect(before.data).toEqual({
        manifest: { content: stored, verified: false, attestation: null },
        manifestVersions: { nodes: [{ signed: false, verified: false }] },
      });
      const row = await api.db.prisma.manifest.findFirstOrThrow({ where: { name: 'summariser' } });
      expect(row).toMatchObject({ content: stored, keyId: null, signature: null });

      // The same bytes with the signature: adopted, and verified from then on.
      const adopted = await publish(api, { cookie: owner.cookie }, stored, signature);
      expect(adopted).toMatchObject({ verdict: 'ATTESTATION_ADOPTED', manifest: { content: stored, verified: true, attestation: { keyId: key.keyId } } });
      expect((await api.graphql(VERIFY, { name: 'summariser', version: '1.0.0' }, { cookie: owner.cookie })).data?.manifest).toEqual({
        digest,
        verified: true,
      });
    },
  );

  apiTest('derives key ids from the key, adopts an attestation on an unsigned version and refuses a different one', async ({ api }) => {
    const owner = await api.owner();
    const one = keyPair();
    const two = keyPair();
    const registered = await api.graphql(REGISTER, { input: { publicKey: one.pem, name: 'laptop' } }, { cookie: owner.cookie });
    expect(registered.data?.registerSigningKey).toEqual({ existing: false, key: { keyId: one.keyId } });
    const again = await api.graphql(REGISTER, { input: { publicKey: one.raw.toString('base64'), name: 'same key' } }, { cookie: owner.cookie });
    expect(again.data?.registerSigningKey).toEqual({ existing: true, key: { keyId: one.keyId } });
    await api.graphql(REGISTER, { input: { publicKey: two.raw.toString('hex'), name: 'ci' } }, { cookie: owner.cookie });

    const unsigned = await publish(api, { cookie: owner.cookie }, JSON.stringify(DOC));
    const digest = text(unsigned.manifest?.digest);
    const adopted = await publish(api, { cookie: owner.cookie }, JSON.stringify(DOC), { keyId: one.keyId, signature: signDigest(one.privateKey, digest) });
    expect(adopted).toMatchObject({ verdict: 'ATTESTATION_ADOPTED', manifest: { verified: true, attestation: { keyId: one.keyId } } });
    const other = await publish(api, { cookie: owner.cookie }, JSON.stringify(DOC), { keyId: two.keyId, signature: signDigest(two.privateKey, digest) });
    expect(other).toMatchObject({ __typename: 'BadAttestation', code: 'BAD_ATTESTATION', message: 'This version already carries a different attestation.' });
    expect((await api.graphql(VERIFY, { name: DOC.name, version: DOC.version }, { cookie: owner.cookie })).data?.manifest).toEqual({ digest, verified: true });
  });

  apiTest('refuses signatures over another digest, over the bare digest, or by an unknown key; stops verifying once the key is revoked', async ({ api }) => {
    const owner = await api.owner();
    const key = keyPair();
    await api.graphql(REGISTER, { input: { publicKey: key.pem, name: 'k' } }, { cookie: owner.cookie });
    const digest = createHash('sha256')
      .update(JSON.stringify({ name: DOC.name, version: DOC.version }))
      .digest('hex');
    const content = JSON.stringify({ version: DOC.version, name: DOC.name });
    const wrongDigest = await publish(api, { cookie: owner.cookie }, content, { keyId: key.keyId, signature: signDigest(key.privateKey, 'f'.repeat(64)) });
    expect(wrongDigest).toMatchObject({ code: 'BAD_ATTESTATION', message: stringMatching(/does not verify/) });
    const bare = await publish(api, { cookie: owner.cookie }, content, {
      keyId: key.keyId,
      signature: sign(null, Buffer.from(digest), key.privateKey).toString('base64'),
    });
    expect(bare.code).toBe('BAD_ATTESTATION');
    const unknown = keyPair();
    expect(
      (await publish(api, { cookie: owner.cookie }, content, { keyId: unknown.keyId, signature: signDigest(unknown.privateKey, digest) })).message,
    ).toMatch(/No signing key/);
    expect(await api.db.prisma.manifest.count()).toBe(0);

    const signed = await publish(api, { cookie: owner.cookie }, content, { keyId: key.keyId, signature: signDigest(key.privateKey, digest) });
    expect(signed).toMatchObject({ verdict: 'INSERTED', manifest: { digest, verified: true } });
    const colleague = await api.owner(owner.tenantName);
    const REVOKE_KEY = 'mutation($id: ID!) { revokeSigningKey(input: { keyId: $id }) { __typename ... on DomainError { code } } }';
    expect((await api.graphql(REVOKE_KEY, { id: key.keyId }, { cookie: colleague.cookie })).data?.revokeSigningKey).toEqual({
      __typename: 'NotFound',
      code: 'NOT_FOUND',
    });
    expect((await api.graphql(VERIFY, { name: DOC.name, version: DOC.version }, { cookie: owner.cookie })).data?.manifest?.verified).toBe(true);
    await api.graphql(REVOKE_KEY, { id: key.keyId }, { cookie: owner.cookie });
    const verify = await api.graphql(VERIFY, { name: DOC.name, version: DOC.version }, { cookie: owner.cookie });
    expect(verify.errors?.[0]).toMatchObject({
      message: `${DOC.name}@${DOC.version} does not verify: the signing key ${key.keyId} was revoked.`,
      extensions: { code: 'BAD_ATTESTATION' },
    });
    const unsigned = await publish(api, { cookie: owner.cookie }, JSON.stringify({ name: 'plain', version: '1' }));
    expect(unsigned.verdict).toBe('INSERTED');
    expect((await api.graphql(VERIFY, { name: 'plain', version: '1' }, { cookie: owner.cookie })).errors?.[0]?.message).toMatch(/carries no attestation/);
  });

  apiTest('refuses small-order and non-canonical Ed25519 points and any private key, saying why, and registers nothing', async ({ api }) => {
    const owner = await api.owner();
    const REGISTER_ANY = `mutation($input: RegisterSigningKeyInput!) { registerSigningKey(input: $input) { __typename } }`;
    const smallOrder =
      'That key is a point of small order: with it one constant signature verifies for every manifest, so anyone could forge attestations. It cannot be a real key: register the public key of a key pair you generated.';
    const notAPoint = 'Those 32 bytes are not the canonical encoding of a point on Ed25519, so they are no public key.';
    const p = (low: string) => `${low}${'ff'.repeat(30)}7f`;
    for (const [publicKey, message] of [
      // F14: with the identity (01 00…00) as the key, R = identity and S = 0 verified for every digest.
      ['01'.padEnd(64, '0'), smallOrder],
      [Buffer.alloc(32).toString('base64'), smallOrder],
      ['26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', smallOrder],
      ['c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', smallOrder],
      ['c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa', smallOrder],
      [p('ec'), smallOrder],
      [`${'00'.repeat(31)}80`, smallOrder],
      // y = p and y = p + 1: 0 and 1 written non-canonically.
      [p('ed'), notAPoint],
      [p('ee'), notAPoint],
      // y = 1 with the sign bit set: x = 0 has no negative.
      [`01${'00'.repeat(30)}80`, notAPoint],
    ] as const) {
      const response = await api.graphql(REGISTER_ANY, { input: { publicKey, name: 'weak' } }, { cookie: owner.cookie });
      expect(response.errors?.[0], publicKey).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message });
    }
    const { privateKey } = generateKeyPairSync('ed25519');
    const privatePem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const encryptedPem = privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'x' }).toString();
    for (const publicKey of [privatePem, encryptedPem]) {
      const response = await api.graphql(REGISTER_ANY, { input: { publicKey, name: 'oops' } }, { cookie: owner.cookie });
      expect(response.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_INPUT' },
        message:
          'That is a private key, and it was not stored. Never send a private key to anyone, this server included: only its public key is registered (openssl pkey -pubout prints it). As this one has left your machine, treat it as exposed: make a new key pair and register that public key.',
      });
    }
    expect(await api.db.prisma.signingKey.count()).toBe(0);
    const real = keyPair();
    expect((await api.graphql(REGISTER, { input: { publicKey: real.pem, name: 'real' } }, { cookie: owner.cookie })).data?.registerSigningKey).toEqual({
      existing: false,
      key: { keyId: real.keyId },
    });
  });

  apiTest("lists versions with signed and verified flags by the rule one version verifies by, reading no version's text", async ({ api }) => {
    const owner = await api.owner();
    const [one, two] = [keyPair(), keyPair()];
    for (const key of [one, two]) await api.graphql(REGISTER, { input: { publicKey: key.pem, name: 'k' } }, { cookie: owner.cookie });
    const signedBy = async (key: ReturnType<typeof keyPair> | null, version: string) => {
      const content = JSON.stringify({ name: 'tool', version });
      const digest = text((await publish(api, { cookie: owner.cookie }, content)).manifest?.digest);
      if (key)
        expect(await publish(api, { cookie: owner.cookie }, content, { keyId: key.keyId, signature: signDigest(key.privateKey, digest) })).toMatchObject({
          verdict: 'ATTESTATION_ADOPTED',
        });
    };
    await signedBy(one, '1.0.0');
    await signedBy(null, '1.1.0');
    await signedBy(two, '1.2.0');
    await signedBy(one, '2.0.0');
    await api.graphql('mutation($id: ID!) { revokeSigningKey(input: { keyId: $id }) { __typename } }', { id: two.keyId }, { cookie: owner.cookie });
    // A stored canonical text that no longer hashes to its digest (written past the immutability trigger).
    await api.db.pool.query(`ALTER TABLE manifests DISABLE TRIGGER manifests_immutable;
      UPDATE manifests SET canonical = '{"evil":true,"name":"tool","version":"2.0.0"}' WHERE version = '2.0.0';
      ALTER TABLE manifests ENABLE TRIGGER manifests_immutable;`);

    const listed = await api.graphql('{ manifestVersions(name: "tool") { nodes { version signed keyId verified } } }', {}, { cookie: owner.cookie });
    expect(listed.data?.manifestVersions?.nodes).toEqual([
      { version: '2.0.0', signed: true, keyId: one.keyId, verified: false },
      { version: '1.2.0', signed: true, keyId: two.keyId, verified: false },
      { version: '1.1.0', signed: false, keyId: null, verified: false },
      { version: '1.0.0', signed: true, keyId: one.keyId, verified: true },
    ]);
    const READ = 'query($v: String!) { manifest(name: "tool", version: $v) { verified } }';
    for (const [version, verified] of [
      ['1.0.0', true],
      ['1.1.0', false],
      ['1.2.0', false],
      ['2.0.0', false],
    ] as const) {
      expect((await api.graphql(READ, { v: version }, { cookie: owner.cookie })).data?.manifest, version).toEqual({ verified });
    }
    const tampered = await api.graphql(VERIFY, { name: 'tool', version: '2.0.0' }, { cookie: owner.cookie });
    expect(tampered.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_ATTESTATION' },
      message: 'tool@2.0.0 does not verify: the stored content no longer matches its digest.',
    });

    // F17: the list's rows carry neither the text nor the canonical JSON (each up to 32 KiB and 64 KiB).
    const { tenantId } = await api.db.prisma.manifest.findFirstOrThrow({ where: { name: 'tool' } });
    const rows = await listVersions(api.db.pool, tenantId, 'tool', 100, undefined);
    expect(rows.map((row) => Object.keys(row).sort())).toEqual(
      Array(4).fill(['canonicalIntact', 'digest', 'key', 'keyId', 'publishedAt', 'signature', 'version']),
    );
  });

  apiTest('verifies nothing under a small-order key registered before registration refused them', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const { id: ownerId, tenantId } = await api.db.prisma.owner.findUniqueOrThrow({ where: { email: owner.email } });
    // The constant signature R = identity, S = 0 verified every digest under these keys (F14).
    const forged = Buffer.concat([Buffer.from('01'.padEnd(64, '0'), 'hex'), Buffer.alloc(32)]).toString('base64');
    for (const [index, hex] of ['01'.padEnd(64, '0'), '00'.repeat(32), `${'00'.repeat(31)}80`].entries()) {
      const raw = Buffer.from(hex, 'hex');
      const keyId = createHash('sha256').update(raw).digest('hex');
      await api.db.pool.query('INSERT INTO signing_keys (tenant_id, key_id, owner_id, name, public_key) VALUES ($1, $2, $3, $4, $5)', [
        tenantId,
        keyId,
        ownerId,
        'old',
        raw.toString('base64'),
      ]);
      const response = await publish(api, { key: agent.key }, JSON.stringify({ name: 'forged', version: `${index}`, anything: index }), {
        keyId,
        signature: forged,
      });
      expect(response, hex).toEqual({
        __typename: 'BadAttestation',
        code: 'BAD_ATTESTATION',
        message: "The signature does not verify for this manifest's digest with that key.",
      });
    }
    expect(await api.db.prisma.manifest.count()).toBe(0);
  });

  apiTest('reads one version without its text, and serves its text and canonical JSON when those fields are asked', async ({ api }) => {
    const owner = await api.owner();
    const content = 'name: tool\nversion: "1"\nops: [a, b]\n';
    const published = await publish(api, { cookie: owner.cookie }, content);
    const canonical = '{"name":"tool","ops":["a","b"],"version":"1"}';
    const both = await api.graphql(
      '{ a: manifest(name: "tool", version: "1") { content canonical digest } b: manifest(name: "tool", version: "1") { canonical verified } c: manifest(name: "tool", version: "2") { content } }',
      {},
      { cookie: owner.cookie },
    );
    expect(both.data).toEqual({ a: { content, canonical, digest: published.manifest?.digest }, b: { canonical, verified: false }, c: null });
    const { tenantId, id: ownerId } = await api.db.prisma.owner.findUniqueOrThrow({ where: { email: owner.email } });
    const row = await readManifest(serviceDeps(api.db, testLog), { kind: 'owner', tenantId, ownerId, sessionId: 'unused' }, 'tool', '1', false);
    expect(row).not.toHaveProperty('content');
    expect(row).not.toHaveProperty('canonical');
    expect(row).toMatchObject({ name: 'tool', version: '1', digest: published.manifest?.digest, format: 'yaml' });
  });

  apiTest('stores exactly one content when 32 publishes of two contents race for a new version, every time', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    for (let round = 0; round < 10; round++) {
      const contents = [
        JSON.stringify({ name: 'race', version: `1.0.${round}`, side: 'a' }),
        JSON.stringify({ name: 'race', version: `1.0.${round}`, side: 'b' }),
      ];
      const results = await Promise.all(
        Array.from({ length: 32 }, (_, i) => publish(api, i % 3 ? { key: agent.key } : { cookie: owner.cookie }, contents[i % 2]!)),
      );
      const row = await api.db.prisma.manifest.findFirst({ where: { name: 'race', version: `1.0.${round}` } });
      const winner = contents.indexOf(row!.content);
      results.forEach((result, i) => {
        if (i % 2 === winner) expect(['INSERTED', 'UNCHANGED']).toContain(result.verdict);
        else expect(result).toMatchObject({ code: 'MANIFEST_VERSION_TAKEN', storedDigest: row!.digest });
      });
      expect(results.filter((result) => is(result.verdict, 'INSERTED'))).toHaveLength(1);
    }
    expect(await api.db.prisma.manifest.count()).toBe(10);
  });

  apiTest('keeps tenants apart, lists names by name and versions newest first, and never changes or deletes a version', async ({ api }) => {
    const alpha = await api.owner();
    const beta = await api.owner();
    for (const version of ['1.10.0', '1.2.0', '1.2.0-rc.1', 'nightly']) await publish(api, { cookie: alpha.cookie }, JSON.stringify({ name: 'tool', version }));
    const theirs = await publish(api, { cookie: beta.cookie }, JSON.stringify({ name: 'tool', version: '1.2.0', other: true }));
    expect(theirs.verdict).toBe('INSERTED');
    const versions = await api.graphql('{ manifestNames { nodes } manifestVersions(name: "tool") { nodes { version } } }', {}, { cookie: alpha.cookie });
    expect(versions.data).toEqual({
      manifestNames: { nodes: ['tool'] },
      manifestVersions: { nodes: [{ version: 'nightly' }, { version: '1.2.0-rc.1' }, { version: '1.2.0' }, { version: '1.10.0' }] },
    });
    const listed = await api.graphql('{ manifestVersions(name: "tool") { nodes { signed keyId verified } } }', {}, { cookie: alpha.cookie });
    expect(listed.data?.manifestVersions?.nodes?.[0]).toEqual({ signed: false, keyId: null, verified: false });
    expect((await api.graphql('{ manifestVersions(name: "tool") { nodes { version } } }', {}, { cookie: beta.cookie })).data?.manifestVersions?.nodes).toEqual([
      { version: '1.2.0' },
    ]);
    await expect(api.db.pool.query(`UPDATE manifests SET content = '{}' WHERE name = 'tool'`)).rejects.toThrow(/immutable/);
    await expect(api.db.pool.query(`DELETE FROM manifests WHERE name = 'tool'`)).rejects.toThrow(/never deleted/);
  });
});
