import { describe, expect, test } from 'vitest';
import { decidePublish } from './decide-publish.js';

const signed = (keyId: string, signature: string) => ({ content: '{"name":"x"}', digest: 'd', attestation: { keyId, signature } });

describe('publishing a signed version again', () => {
  test('is unchanged only with the same key and the same signature; either one different is a conflict', () => {
    expect(decidePublish(signed('k1', 's1'), signed('k1', 's1'))).toEqual({ kind: 'unchanged' });
    expect(decidePublish(signed('k1', 's1'), signed('k1', 's2'))).toEqual({ kind: 'attestation-conflict' });
    expect(decidePublish(signed('k1', 's1'), signed('k2', 's1'))).toEqual({ kind: 'attestation-conflict' });
    expect(decidePublish(signed('k1', 's1'), signed('k2', 's2'))).toEqual({ kind: 'attestation-conflict' });
  });
});
