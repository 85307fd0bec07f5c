import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decidePublish, type Attestation, type IncomingVersion, type StoredVersion } from './decide-publish.js';

/**
 * Few texts over fewer digests, so that different texts share a digest (as
 * texts that differ only in comments, key order or layout do) and every
 * branch of the rule is reached often.
 */
const TEXTS = ['a', 'a ', '# note\na', 'b', 'b\n'] as const;
const digestOf = (text: string) => (text.replace(/#.*\n|\s/g, '') === 'a' ? 'd'.repeat(64) : 'e'.repeat(64));

const attestation: fc.Arbitrary<Attestation | null> = fc.option(
  fc.record({ keyId: fc.constantFrom('1'.repeat(64), '2'.repeat(64)), signature: fc.constantFrom('sig-1', 'sig-2') }),
  { nil: null },
);
const incoming: fc.Arbitrary<IncomingVersion> = fc
  .record({ content: fc.constantFrom(...TEXTS), attestation })
  .map(({ content, attestation: signed }) => ({ content, digest: digestOf(content), attestation: signed }));
const stored: fc.Arbitrary<StoredVersion | null> = fc.option(incoming, { nil: null });

/** The stored version once a verdict is applied, as the service applies it. */
function apply(existing: StoredVersion | null, publish: IncomingVersion): StoredVersion | null {
  const verdict = decidePublish(existing, publish);
  if (verdict.kind === 'insert') return { ...publish };
  if (verdict.kind === 'adopt-attestation') return { ...existing!, attestation: publish.attestation };
  return existing;
}

describe('decidePublish, for any stored version and any publish', () => {
  test('is a function of what is stored and what comes: same question, same verdict, inputs untouched', () => {
    fc.assert(
      fc.property(stored, incoming, (existing, publish) => {
        const before = structuredClone({ existing, publish });
        const verdict = decidePublish(existing && Object.freeze({ ...existing }), Object.freeze({ ...publish }));
        expect({ existing, publish }).toEqual(before);
        expect(decidePublish(structuredClone(existing), structuredClone(publish))).toEqual(verdict);
      }),
      { numRuns: 300 },
    );
  });

  test('inserts exactly when nothing is stored, and refuses naming the stored digest exactly when another digest is stored', () => {
    fc.assert(
      fc.property(stored, incoming, (existing, publish) => {
        const verdict = decidePublish(existing, publish);
        expect(verdict.kind === 'insert').toBe(existing === null);
        expect(verdict.kind === 'version-taken').toBe(existing !== null && existing.digest !== publish.digest);
        if (verdict.kind === 'version-taken' || verdict.kind === 'text-differs') expect(verdict.storedDigest).toBe(existing!.digest);
      }),
      { numRuns: 300 },
    );
  });

  test('adopts a signature only onto an unsigned version holding the very same text', () => {
    fc.assert(
      fc.property(stored, incoming, (existing, publish) => {
        const verdict = decidePublish(existing, publish);
        if (verdict.kind === 'adopt-attestation') {
          expect(existing!.attestation).toBeNull();
          expect(publish.attestation).not.toBeNull();
          expect(existing!.content).toBe(publish.content);
        }
        if (verdict.kind === 'text-differs') {
          expect(existing!.attestation).toBeNull();
          expect(existing!.content).not.toBe(publish.content);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('over any sequence of publishes, a version never changes once stored but for gaining one signature, which came with its exact text', () => {
    fc.assert(
      fc.property(fc.array(incoming, { maxLength: 12 }), (publishes) => {
        let current: StoredVersion | null = null;
        const signedWith: IncomingVersion[] = [];
        for (const publish of publishes) {
          const next = apply(current, publish);
          if (current) {
            expect(next!.content).toBe(current.content);
            expect(next!.digest).toBe(current.digest);
            if (current.attestation) expect(next!.attestation).toEqual(current.attestation);
          }
          if (publish.attestation) signedWith.push(publish);
          current = next;
        }
        if (current?.attestation) {
          const { content, attestation: signed } = current;
          expect(
            signedWith.some(
              (publish) => publish.content === content && publish.attestation!.keyId === signed.keyId && publish.attestation!.signature === signed.signature,
            ),
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
