import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { ManifestReader, type ManifestReaderOptions } from './parse-pool.js';
import { MAX_MANIFEST_BYTES, parseManifest } from './content.js';

/** Ordinary YAML near the size limit, in the shape that costs the most to read: flow mappings. */
function heavyYaml(): string {
  let text = 'name: heavy\nversion: "1"\nl:\n';
  for (let i = 0; Buffer.byteLength(text) < MAX_MANIFEST_BYTES - 40; i++) text += `- {a: ${i}, b: x}\n`;
  return text;
}

const readers: ManifestReader[] = [];
function reader(options: ManifestReaderOptions): ManifestReader {
  const created = new ManifestReader(options);
  readers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(readers.splice(0).map((created) => created.close()));
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { extensions?: { code?: string }; message: string }) => `${error.extensions?.code}: ${error.message}`,
  );

describe('reading manifests off the event loop', () => {
  test('reads YAML in a worker while the event loop keeps turning, with the same result as reading it in place', async () => {
    const text = heavyYaml();
    let settled = false;
    const reading = reader({ timeoutMs: 30_000, maxWaiting: 4, maxWaitingPerTenant: 4 })
      .read(text)
      .finally(() => (settled = true));
    // Read in place, the whole document would be parsed before this line ran.
    await nextTurn();
    expect(settled).toBe(false);
    expect(await reading).toEqual(parseManifest(text));
  });

  test('refuses a document over the time budget as BAD_INPUT, and reads the next one with a fresh worker', async () => {
    const options = { timeoutMs: 1, maxWaiting: 4, maxWaitingPerTenant: 4 };
    const slow = reader(options);
    expect(await codeOf(slow.read(heavyYaml()))).toMatch(/^BAD_INPUT: The manifest took longer than 1 ms to read/);
    options.timeoutMs = 30_000;
    expect((await slow.read('name: next\nversion: "2"\n')).canonical).toBe('{"name":"next","version":"2"}');
  });

  test('refuses a YAML manifest at once when as many as allowed already wait, and passes refusals of the reader through', async () => {
    const busy = reader({ timeoutMs: 30_000, maxWaiting: 1, maxWaitingPerTenant: 1 });
    // A warm worker: one document reading, one waiting, the third refused.
    await busy.read('name: warm\nversion: "1"\n');
    const outcomes = [busy.read(heavyYaml()), busy.read(heavyYaml()), busy.read(heavyYaml())].map(codeOf);
    expect(await outcomes[2]).toBe('RATE_LIMITED: Too many YAML manifests are being read right now; retry in a moment, or send JSON.');
    expect(await Promise.all(outcomes.slice(0, 2))).toEqual(['read', 'read']);
    expect(await codeOf(busy.read('name: x\nversion: "1"\nname: y\n'))).toMatch(/^BAD_INPUT: .*"name" twice/);
  });

  test('keeps room in the queue for other tenants when one tenant fills its share', async () => {
    const shared = reader({ timeoutMs: 30_000, maxWaiting: 4, maxWaitingPerTenant: 2 });
    await shared.read('name: warm\nversion: "1"\n', 'noisy');
    // One reading and two waiting for the noisy tenant; its next one is refused, another tenant's is read.
    const noisy = [
      shared.read(heavyYaml(), 'noisy'),
      shared.read(heavyYaml(), 'noisy'),
      shared.read(heavyYaml(), 'noisy'),
      shared.read(heavyYaml(), 'noisy'),
    ].map(codeOf);
    const quiet = codeOf(shared.read('name: quiet\nversion: "1"\n', 'quiet'));
    expect(await noisy[3]).toMatch(/^RATE_LIMITED:/);
    expect(await quiet).toBe('read');
    expect(await Promise.all(noisy.slice(0, 3))).toEqual(['read', 'read', 'read']);
  });
});
