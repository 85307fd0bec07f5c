import fc from 'fast-check';
import { GraphQLError } from 'graphql';
import { stringify as toYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseManifest } from './content.js';

const head = { name: 'tool', version: '1.0.0' };
const body = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((key) => key !== 'name' && key !== 'version'),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 6 },
);

/** A key as JSON text, with its first character escaped as \uXXXX when `escape` says so. */
function jsonKey(key: string, escape: boolean): string {
  if (!escape || key.length === 0) return JSON.stringify(key);
  return `"\\u${key.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(key.slice(1)).slice(1)}`;
}

function badInput(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions.code).toBe('BAD_INPUT');
    return (error as GraphQLError).message;
  }
  throw new Error('expected BAD_INPUT');
}

describe('parseManifest, for any document', () => {
  test('gives a document one digest whether written as JSON, indented JSON or YAML', () => {
    fc.assert(
      fc.property(body, (rest) => {
        const document = { ...head, ...rest };
        const digest = parseManifest(JSON.stringify(document)).digest;
        expect(parseManifest(JSON.stringify(document, null, 2)).digest).toBe(digest);
        expect(parseManifest(toYaml(document)).digest).toBe(digest);
      }),
      { numRuns: 300 },
    );
  });

  test('accepts every finite double written as JSON writes it, in JSON and YAML, and keeps that text in the canonical form', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const literal = JSON.stringify(value);
        for (const text of [`{"name":"tool","version":"1","n":${literal}}`, `name: tool\nversion: "1"\nn: ${literal}\n`]) {
          expect(parseManifest(text).canonical).toBe(`{"n":${literal},"name":"tool","version":"1"}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('accepts an integer exactly when the canonical text of its double names that integer, so two integers never share a digest', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), (integer) => {
        // The digest covers the double's shortest text (-2384185791015625000 for a double whose binary
        // value ends in …216): an integer is kept when that text reads back as the very integer written.
        const exact = exactIntegerOf(JSON.stringify(Number(integer))) === integer;
        for (const text of [`{"name":"tool","version":"1","n":${integer}}`, `name: tool\nversion: "1"\nn: ${integer}\n`]) {
          if (exact) expect(parseManifest(text).canonical).toBe(`{"n":${JSON.stringify(Number(integer))},"name":"tool","version":"1"}`);
          else expect(badInput(() => parseManifest(text))).toContain(`holds the number ${integer}, which a double cannot hold exactly`);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('refuses a key written twice in one object, however it is escaped and however deep, naming it', () => {
    fc.assert(
      fc.property(
        body,
        fc.string({ maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.boolean(),
        fc.nat({ max: 2 }),
        (rest, key, first, second, escape, depth) => {
          // The duplicate must be the only one: the head's keys, the nesting keys and the rest stay apart from it.
          fc.pre(!Object.hasOwn(rest, key) && !Object.hasOwn(head, key) && !Object.keys(rest).some((other) => /^n\d$/.test(other)));
          let member = `${JSON.stringify(key)}:${JSON.stringify(first)},${jsonKey(key, escape)}:${JSON.stringify(second)}`;
          let where = 'at the top';
          const path: string[] = [];
          for (let level = 0; level < depth; level++) {
            path.unshift(`n${level}`);
            member = `"n${level}":{${member}}`;
          }
          if (path.length > 0) where = `in ${path.join('.')}`;
          const text = `{${JSON.stringify(head).slice(1, -1)},${member}${Object.keys(rest).length ? `,${JSON.stringify(rest).slice(1, -1)}` : ''}}`;
          expect(badInput(() => parseManifest(text))).toContain(`the key ${JSON.stringify(key)} twice ${where}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The integer a JSON number text names exactly, or undefined when it names a fraction. */
function exactIntegerOf(text: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e\+?(\d+))?$/.exec(text);
  if (!match) return undefined;
  const fraction = match[3] ?? '';
  const exponent = Number(match[4] ?? 0) - fraction.length;
  if (exponent < 0) return undefined;
  return (match[1] ? -1n : 1n) * BigInt(`${match[2]}${fraction}`) * 10n ** BigInt(exponent);
}
