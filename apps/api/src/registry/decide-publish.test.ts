import { describe, expect, test } from 'vitest';
import { decidePublish, type Attestation, type StoredVersion } from './decide-publish.js';

const A: Attestation = { keyId: 'a'.repeat(64), signature: 'sig-a' };
const B: Attestation = { keyId: 'b'.repeat(64), signature: 'sig-b' };
const SAME = 'd'.repeat(64);
const OTHER = 'e'.repeat(64);

describe('decidePublish, over its whole table', () => {
  const existing: [string, StoredVersion | null][] = [['none', null], ['unsigned', { digest: SAME, attestation: null }], ['signed', { digest: SAME, attestation: A }]];
  const contents: [string, string][] = [['same', SAME], ['different', OTHER]];
  const attestations: [string, Attestation | null][] = [['without', null], ['with the same', A], ['with another', B]];
  const expected: Record<string, string> = {
    'none/same/without': 'insert', 'none/same/with the same': 'insert', 'none/same/with another': 'insert',
    'none/different/without': 'insert', 'none/different/with the same': 'insert', 'none/different/with another': 'insert',
    'unsigned/same/without': 'unchanged', 'unsigned/same/with the same': 'adopt-attestation', 'unsigned/same/with another': 'adopt-attestation',
    'unsigned/different/without': 'version-taken', 'unsigned/different/with the same': 'version-taken', 'unsigned/different/with another': 'version-taken',
    'signed/same/without': 'unchanged', 'signed/same/with the same': 'unchanged', 'signed/same/with another': 'attestation-conflict',
    'signed/different/without': 'version-taken', 'signed/different/with the same': 'version-taken', 'signed/different/with another': 'version-taken',
  };
  for (const [stored, existingVersion] of existing) {
    for (const [content, digest] of contents) {
      for (const [signed, attestation] of attestations) {
        const name = `${stored}/${content}/${signed}`;
        test(`${stored} version, ${content} content, ${signed} attestation → ${expected[name]}`, () => {
          const verdict = decidePublish(existingVersion, { digest, attestation });
          expect(verdict.kind).toBe(expected[name]);
          if (verdict.kind === 'version-taken') expect(verdict.storedDigest).toBe(SAME);
        });
      }
    }
  }
});
