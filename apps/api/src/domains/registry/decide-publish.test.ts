import { describe, expect, test } from 'vitest';
import { decidePublish, type Attestation, type StoredVersion } from './decide-publish.js';

const A: Attestation = { keyId: 'a'.repeat(64), signature: 'sig-a' };
const B: Attestation = { keyId: 'b'.repeat(64), signature: 'sig-b' };
const SAME = 'd'.repeat(64);
const OTHER = 'e'.repeat(64);
const TEXT = '{"name":"x","version":"1"}';
const REORDERED = '{"version":"1","name":"x"}';

describe('decidePublish, over its whole table', () => {
  const existing: [string, StoredVersion | null][] = [
    ['none', null],
    ['unsigned', { content: TEXT, digest: SAME, attestation: null }],
    ['signed', { content: TEXT, digest: SAME, attestation: A }],
  ];
  const contents: [string, string, string][] = [
    ['same', TEXT, SAME],
    ['same-digest other-text', REORDERED, SAME],
    ['different', '{}', OTHER],
  ];
  const attestations: [string, Attestation | null][] = [
    ['without', null],
    ['with the same', A],
    ['with another', B],
  ];
  const expected: Record<string, string> = {
    'none/same/without': 'insert',
    'none/same/with the same': 'insert',
    'none/same/with another': 'insert',
    'none/same-digest other-text/without': 'insert',
    'none/same-digest other-text/with the same': 'insert',
    'none/same-digest other-text/with another': 'insert',
    'none/different/without': 'insert',
    'none/different/with the same': 'insert',
    'none/different/with another': 'insert',
    'unsigned/same/without': 'unchanged',
    'unsigned/same/with the same': 'adopt-attestation',
    'unsigned/same/with another': 'adopt-attestation',
    'unsigned/same-digest other-text/without': 'unchanged',
    'unsigned/same-digest other-text/with the same': 'text-differs',
    'unsigned/same-digest other-text/with another': 'text-differs',
    'unsigned/different/without': 'version-taken',
    'unsigned/different/with the same': 'version-taken',
    'unsigned/different/with another': 'version-taken',
    'signed/same/without': 'unchanged',
    'signed/same/with the same': 'unchanged',
    'signed/same/with another': 'attestation-conflict',
    'signed/same-digest other-text/without': 'unchanged',
    'signed/same-digest other-text/with the same': 'unchanged',
    'signed/same-digest other-text/with another': 'attestation-conflict',
    'signed/different/without': 'version-taken',
    'signed/different/with the same': 'version-taken',
    'signed/different/with another': 'version-taken',
  };
  for (const [stored, existingVersion] of existing) {
    for (const [content, text, digest] of contents) {
      for (const [signed, attestation] of attestations) {
        const name = `${stored}/${content}/${signed}`;
        test(`${stored} version, ${content} content, ${signed} attestation → ${expected[name]}`, () => {
          const verdict = decidePublish(existingVersion, { content: text, digest, attestation });
          expect(verdict.kind).toBe(expected[name]);
          if (verdict.kind === 'version-taken' || verdict.kind === 'text-differs') expect(verdict.storedDigest).toBe(SAME);
        });
      }
    }
  }
});
