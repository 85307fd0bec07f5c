import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { FakeApi } from '../test/fake-api.js';
import { CountersignAgent } from './agent.js';
import { attestManifest, manifestDigest, signingKeyId } from './manifests.js';

let api: FakeApi | undefined;
let agent: CountersignAgent | undefined;

afterEach(async () => {
  await agent?.close();
  await api?.stop();
  agent = undefined;
  api = undefined;
});

async function start() {
  api = await FakeApi.start({ webSockets: false });
  agent = new CountersignAgent({ url: api.url, key: FakeApi.KEY, webSocketImpl: null });
  return { api, agent };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const payload = (digest: string) => Buffer.from(`countersign-manifest-v1\n${digest}`, 'utf8');

const YAML_MANIFEST = `# The deploy bot
version: "1.2.0"
name: deploy-bot
ops:
  - op: repository.mintToken
    limits: { ttlHours: 1, scopes: [read] }
`;
const JSON_MANIFEST = '{"ops":[{"limits":{"scopes":["read"],"ttlHours":1},"op":"repository.mintToken"}],"name":"deploy-bot","version":"1.2.0"}';

describe('manifest digests', () => {
  test('digests the canonical JSON: keys sorted by code point at every depth, no whitespace', () => {
    const digest = manifestDigest(`{
      "version": "1.0.0", "name": "x",
      "tools": [{ "b": 1, "a": "é", "B": null }],
      "limits": { "9": true, "10": false }
    }`);

    const canonical = '{"limits":{"10":false,"9":true},"name":"x","tools":[{"B":null,"a":"é","b":1}],"version":"1.0.0"}';
    expect(digest).toEqual({ content: expect.any(String) as unknown, format: 'JSON', canonical, digest: sha256(canonical) });
  });

  test('gives the YAML and the JSON of one document the same digest, and an object too', () => {
    const fromYaml = manifestDigest(YAML_MANIFEST);
    const fromJson = manifestDigest(JSON_MANIFEST);
    const fromObject = manifestDigest({
      name: 'deploy-bot',
      version: '1.2.0',
      ops: [{ op: 'repository.mintToken', limits: { ttlHours: 1, scopes: ['read'] } }],
    });

    expect(fromYaml.format).toBe('YAML');
    expect(fromJson.format).toBe('JSON');
    expect(fromObject.format).toBe('JSON');
    expect(fromJson.canonical).toBe(fromYaml.canonical);
    expect(new Set([fromYaml.digest, fromJson.digest, fromObject.digest]).size).toBe(1);
    expect(fromYaml.digest).toBe(sha256(fromYaml.canonical));
  });

  test('reads text as JSON only when it starts with a brace, as the API does', () => {
    expect(manifestDigest('  \n{"name":"a","version":"1"}').format).toBe('JSON');
    expect(manifestDigest('name: a\nversion: "1"').format).toBe('YAML');
    // Valid YAML flow mapping, but starting with a brace it is read as JSON and fails as JSON.
    expect(() => manifestDigest('{name: a, version: "1"}')).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });

  test('reads YAML as the API does: plain YAML 1.2 whatever a %YAML directive says, no merge keys, no aliases', () => {
    // Under YAML 1.1 `yes` would be true and `<<` would merge, giving another digest than the API's.
    const { canonical } = manifestDigest('%YAML 1.1\n---\nname: a\nversion: "1"\nflag: yes\nmerged:\n  <<: { x: 1 }\n');
    expect(canonical).toBe('{"flag":"yes","merged":{"<<":{"x":1}},"name":"a","version":"1"}');
    expect(() => manifestDigest('name: a\nversion: &v "1"\nagain: *v\n')).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });

  test('signs the typed payload with Ed25519, so Node verifies it with the public key, under the id the API derives', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const { digest } = manifestDigest(YAML_MANIFEST);

    const attestation = attestManifest(digest, { privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() });

    const signature = Buffer.from(attestation.signature, 'base64');
    expect(signature).toHaveLength(64);
    expect(verify(null, payload(digest), publicKey, signature)).toBe(true);
    // Domain separation: the bare digest is not what was signed.
    expect(verify(null, Buffer.from(digest, 'utf8'), publicKey, signature)).toBe(false);
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    expect(attestation.keyId).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(signingKeyId(publicKey.export({ format: 'pem', type: 'spki' }).toString())).toBe(attestation.keyId);
  });

  test('refuses a key that is not Ed25519', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });

    expect(() => attestManifest('00', { privateKey })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });
});

describe('publishManifest', () => {
  test('with signWith, sends an attestation the registry verifies', async () => {
    const { api, agent } = await start();
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const keyId = api.registerSigningKey(publicKey);

    const result = await agent.publishManifest(YAML_MANIFEST, { signWith: { privateKey } });

    expect(result).toMatchObject({
      kind: 'published',
      verdict: 'INSERTED',
      replayed: false,
      manifest: { name: 'deploy-bot', version: '1.2.0', format: 'YAML', content: YAML_MANIFEST, attestation: { keyId }, verified: true },
    });
    const stored = api.storedManifest('deploy-bot', '1.2.0')!;
    const sent = api.publishInputs[0]!;
    expect(sent.content).toBe(YAML_MANIFEST);
    expect(verify(null, payload(stored.digest), publicKey, Buffer.from(sent.attestation!.signature, 'base64'))).toBe(true);
  });

  test('publishes an object as JSON; the same document again is UNCHANGED; other content for the version is refused with the stored digest', async () => {
    const { api, agent } = await start();
    const first = await agent.publishManifest({
      version: '1.2.0',
      name: 'deploy-bot',
      ops: [{ op: 'repository.mintToken', limits: { scopes: ['read'], ttlHours: 1 } }],
    });
    const digest = first.kind === 'published' ? first.manifest.digest : '';

    const again = await agent.publishManifest(YAML_MANIFEST);
    const other = await agent.publishManifest('name: deploy-bot\nversion: "1.2.0"\nops: []\n');

    expect(first).toMatchObject({ kind: 'published', verdict: 'INSERTED', manifest: { format: 'JSON', attestation: null, verified: false } });
    expect(JSON.parse(api.publishInputs[0]!.content)).toMatchObject({ name: 'deploy-bot', version: '1.2.0' });
    expect(again).toMatchObject({ kind: 'published', verdict: 'UNCHANGED', manifest: { digest, format: 'JSON' } });
    expect(other).toEqual({ kind: 'refused', code: 'MANIFEST_VERSION_TAKEN', storedDigest: digest, message: expect.stringContaining(digest) as unknown });
  });

  test('a later signature is adopted by identical unsigned content; one by an unregistered key is refused BAD_ATTESTATION', async () => {
    const { api, agent } = await start();
    const registered = generateKeyPairSync('ed25519');
    const stranger = generateKeyPairSync('ed25519');
    api.registerSigningKey(registered.publicKey);
    await agent.publishManifest(JSON_MANIFEST);

    const refused = await agent.publishManifest(JSON_MANIFEST, { signWith: { privateKey: stranger.privateKey } });
    const adopted = await agent.publishManifest(YAML_MANIFEST, { signWith: { privateKey: registered.privateKey } });

    expect(refused).toEqual({ kind: 'refused', code: 'BAD_ATTESTATION', message: expect.stringContaining('No signing key') as unknown });
    expect(adopted).toMatchObject({ kind: 'published', verdict: 'ATTESTATION_ADOPTED', manifest: { verified: true, content: JSON_MANIFEST } });
  });

  test('manifest with verify throws BAD_ATTESTATION with the reason once the key is revoked', async () => {
    const { api, agent } = await start();
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const keyId = api.registerSigningKey(publicKey);
    await agent.publishManifest(YAML_MANIFEST, { signWith: { privateKey, keyId } });

    await expect(agent.manifest('deploy-bot', '1.2.0', { verify: true })).resolves.toMatchObject({ verified: true });
    api.revokeSigningKey(keyId);

    await expect(agent.manifest('deploy-bot', '1.2.0', { verify: true })).rejects.toMatchObject({
      code: 'BAD_ATTESTATION',
      message: expect.stringContaining('revoked') as unknown,
    });
    await expect(agent.manifest('deploy-bot', '1.2.0')).resolves.toMatchObject({ verified: false, attestation: { keyId } });
    await expect(agent.manifest('deploy-bot', '9.9.9')).resolves.toBeNull();
    await expect(agent.manifestNames()).resolves.toEqual(['deploy-bot']);
    await expect(agent.manifestVersions('deploy-bot')).resolves.toMatchObject([{ version: '1.2.0', signed: true }]);
  });

  test('refuses to sign content it cannot parse, before sending anything', async () => {
    const { api, agent } = await start();
    const { privateKey } = generateKeyPairSync('ed25519');

    await expect(agent.publishManifest('name: [unclosed', { signWith: { privateKey } })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(api.requests).toHaveLength(0);
  });
});
