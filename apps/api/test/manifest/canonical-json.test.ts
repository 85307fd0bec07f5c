import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { describe, expect, test } from 'vitest';

// @countersign/manifest has no test runner of its own; its rules are tested
// here, beside the API that stores and compares what they produce.

describe('canonicalJson', () => {
  test('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  test('gives inputs that mean the same thing the same hash, and different ones different hashes', () => {
    const a = canonicalJson(JSON.parse('{ "ttlHours": 1, "scopes": ["read"] }'));
    const b = canonicalJson(JSON.parse('{"scopes":["read"],"ttlHours":1}'));
    expect(a).toBe(b);
    expect(hashCanonical(a)).toBe(hashCanonical(b));
    expect(hashCanonical(canonicalJson({ scopes: ['write'], ttlHours: 1 }))).not.toBe(hashCanonical(a));
  });

  test('keeps array order, since order can mean something', () => {
    expect(canonicalJson(['write', 'read'])).not.toBe(canonicalJson(['read', 'write']));
  });

  test('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
  });
});
