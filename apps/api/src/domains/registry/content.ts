import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Alias, type Document } from 'yaml';
import { canonicalJson, hashCanonical, MANIFEST_YAML_OPTIONS, MANIFEST_YAML_TO_JS, manifestSyntaxOf, type ManifestSyntax } from '@countersign/manifest';
import { graphQLError } from '../../platform/lib/errors.js';

/** Largest manifest accepted, in bytes of its text. */
export const MAX_MANIFEST_BYTES = 32 * 1024;

/**
 * Largest canonical JSON accepted, in bytes: the form that is stored, served
 * and digested. Without aliases a text can still grow when written as JSON
 * (YAML's "\0" is JSON's "\u0000"), up to about three times; this bounds
 * what one publish can make the store keep and every read send.
 */
export const MAX_CANONICAL_BYTES = 64 * 1024;

const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$/;

/** A manifest as published: its exact text, the document it means, and that document's identity. */
export interface ParsedManifest {
  name: string;
  version: string;
  format: ManifestSyntax;
  content: string;
  canonical: string;
  digest: string;
}

/** Where a key sits: the keys and indexes leading to its mapping. */
type KeyPath = (string | number)[];

/** A key written twice in one mapping, and the mapping's place in the document. */
interface DuplicateKey {
  key: string;
  path: KeyPath;
}

function describePath(path: KeyPath): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : `${i === 0 ? '' : '.'}${step}`)).join('');
}

function duplicateKeyError(duplicate: DuplicateKey) {
  const where = duplicate.path.length === 0 ? 'at the top' : `in ${describePath(duplicate.path)}`;
  return graphQLError(
    'BAD_INPUT',
    `The manifest has the key ${JSON.stringify(duplicate.key)} twice ${where}: a key may appear once in a mapping, or readers could disagree on which value counts.`,
  );
}

const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);

const JSON_NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first key repeated within one object of a JSON text that JSON.parse
 * has accepted (and so is well formed), or null. JSON.parse keeps the last
 * of two equal keys without a word, and other parsers keep the first, so
 * one text could mean two documents. Keys compare as decoded ("a" and
 * "\u0061" are the same key). Refuses, on the way, a number literal that
 * is not exactly the value it is read as. Iterative, so nesting depth
 * cannot overflow the stack.
 */
function checkJsonText(text: string): DuplicateKey | null {
  const frames: { keys: Set<string> | null; step: string | number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '{' || c === '[') {
      frames.push({ keys: c === '{' ? new Set() : null, step: 0 });
      i++;
    } else if (c === '}' || c === ']') {
      frames.pop();
      i++;
    } else if (c === ',') {
      const frame = frames.at(-1);
      if (frame && frame.keys === null) frame.step = (frame.step as number) + 1;
      i++;
    } else if (c === '"') {
      const start = i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      let next = i;
      while (JSON_SPACE.has(text[next] ?? '')) next++;
      const frame = frames.at(-1);
      // In well-formed JSON a string followed by a colon is a key.
      if (frame?.keys && text[next] === ':') {
        const key = JSON.parse(text.slice(start, i)) as string;
        if (frame.keys.has(key)) return { key, path: frames.slice(0, -1).map((outer) => outer.step) };
        frame.keys.add(key);
        frame.step = key;
      }
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      JSON_NUMBER.lastIndex = i;
      const literal = JSON_NUMBER.exec(text)![0];
      refuseInexactNumber(literal, Number(literal));
      i += literal.length;
    } else {
      i++;
    }
  }
  return null;
}

/** A name or literal as a message shows it: long ones are cut, so a refusal never echoes a whole manifest. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A number's exact decimal value as `<sign><digits>e<exponent>` with no
 * leading or trailing zeros ("0" for zero), read from its text: `1`, `1.0`
 * and `10e-1` give the same, `0.1` and `0.10000000000000001` do not.
 */
function exactDecimal(text: string): string | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = (whole + fraction).replace(/^0+/, '');
  if (digits.length === 0) return '0';
  let power = Number(exponent) - fraction.length;
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign === '-' ? '-' : ''}${digits}e${power}`;
}

/**
 * Refuses a number whose text means another value than the double it is
 * read as, and so than its canonical JSON (the shortest text of that
 * double, as JSON.stringify writes it): `100000000000000000001` and
 * `100000000000000000000`, or `0.10000000000000001` and `0.1`, would share
 * one digest while readers that keep numbers exact (Python, Go's
 * UseNumber, PostgreSQL numeric) read two documents, so one signature
 * would vouch for a text its signer never wrote. Texts of the same value
 * (`1.0` and `1`, `1e3` and `1000`) are one document and pass. Non-finite
 * values are left to the "value JSON cannot" refusal.
 */
function refuseInexactNumber(literal: string, value: number): void {
  if (!Number.isFinite(value) || /^-?\d{1,15}$/.test(literal)) return;
  const canonical = JSON.stringify(value);
  const exact = /^0[xo]/i.test(literal) ? BigInt(literal) === BigInt(value) : exactDecimal(literal) === exactDecimal(canonical);
  if (exact) return;
  throw graphQLError(
    'BAD_INPUT',
    `The manifest holds the number ${shown(literal)}, which a double cannot hold exactly: it would be digested as ${canonical}, a different value to readers that keep numbers exact, so one digest and one signature would stand for two documents. Write ${canonical}, or quote the number as a string.`,
  );
}

function aliasError(alias: Alias, asKey: boolean) {
  const used = asKey ? 'as a key' : 'as a value';
  return graphQLError(
    'BAD_INPUT',
    `The manifest uses the YAML alias *${shown(alias.source)} ${used}: aliases are not accepted in manifests (a few of them can multiply a document's size, and resolving them costs more the larger the document). Write the value out in full.`,
  );
}

/**
 * The key a YAML key node becomes in the parsed object: scalars turn into
 * text as the yaml package turns them (`1`, `0x1` and `"1"` all become
 * "1", so they collide as keys), null into "". A mapping or sequence used as
 * a key has no faithful JSON form, and an alias is never resolved, so both
 * are refused.
 */
function yamlKeyText(key: unknown): string {
  if (isAlias(key)) throw aliasError(key, true);
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) throw graphQLError('BAD_INPUT', 'The manifest uses a mapping or a sequence as a key: keys are plain values such as text.');
  const value = key.value;
  if (typeof value === 'number') refuseInexactNumber(key.source ?? String(value), value);
  if (value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // The core schema makes no other scalars; should a tag ever make one (a date, bytes), it has no one text as a key.
  throw graphQLError('BAD_INPUT', 'The manifest uses a key that is not a plain value: keys are text, numbers, booleans or null.');
}

/** A node still to look at, with the way to it kept as a chain (copying paths would cost depth × nodes). */
interface Visit {
  node: unknown;
  parent: Visit | null;
  step: string | number;
}

function pathTo(visit: Visit): KeyPath {
  const path: KeyPath = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.unshift(at.step);
  return path;
}

/**
 * Walks a YAML document once, visiting each node once and resolving
 * nothing, so its cost is linear in the document: refuses any alias (before
 * anything could expand or resolve it), a mapping or sequence as a key and a
 * number that is not exactly what its text says; returns the first key that
 * repeats within one mapping, or null.
 */
function checkYamlDocument(doc: Document): DuplicateKey | null {
  const pending: Visit[] = [{ node: doc.contents, parent: null, step: '' }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const node = visit.node;
    if (isAlias(node)) throw aliasError(node, false);
    if (isMap(node)) {
      const keys = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = yamlKeyText(pair.key);
        if (keys.has(key)) return { key, path: pathTo(visit) };
        keys.add(key);
        pending.push({ node: pair.value, parent: visit, step: key });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => pending.push({ node: item, parent: visit, step: index }));
    } else if (isScalar(node) && typeof node.value === 'number') {
      refuseInexactNumber(node.source ?? String(node.value), node.value);
    }
  }
  return null;
}

/**
 * What a value is when it is not plain JSON (a YAML date, set, map or
 * binary, which canonical JSON would silently flatten), or null.
 */
function nonJsonValue(value: unknown): string | null {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item === 'string' || typeof item === 'boolean' || typeof item === 'number') continue;
    if (Array.isArray(item)) pending.push(...(item as unknown[]));
    else if (typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) pending.push(...Object.values(item as Record<string, unknown>));
    else return typeof item === 'object' ? (item.constructor?.name ?? 'object') : typeof item;
  }
  return null;
}

function parseJsonText(content: string): unknown {
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch (error) {
    throw graphQLError('BAD_INPUT', `The manifest is not valid JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const duplicate = checkJsonText(content);
  if (duplicate) throw duplicateKeyError(duplicate);
  return document;
}

function parseYamlText(content: string): unknown {
  // Duplicate keys are left to checkYamlDocument, which compares keys as the
  // parsed object will (`1` and "1" collide) and says where the repeat is.
  const doc = parseDocument(content, { ...MANIFEST_YAML_OPTIONS, uniqueKeys: false });
  const [error] = doc.errors;
  if (error) throw graphQLError('BAD_INPUT', `The manifest is not valid YAML: ${error.message.split('\n')[0]}`);
  const duplicate = checkYamlDocument(doc);
  if (duplicate) throw duplicateKeyError(duplicate);
  try {
    // No alias reaches here (checkYamlDocument refuses them); the shared options keep it so.
    return doc.toJS(MANIFEST_YAML_TO_JS);
  } catch (cause) {
    throw graphQLError('BAD_INPUT', `The manifest is not valid YAML: ${(cause as Error).message.split('\n')[0]}`);
  }
}

/**
 * Parses YAML or JSON (JSON when the text starts with `{`), requires a
 * mapping with `name` and `version`, and computes the digest of its
 * canonical JSON: the same document digests alike whatever its key order,
 * whitespace or syntax. A key written twice in one mapping is refused, in
 * either syntax, so a text has one meaning for every reader; so is a
 * number its double cannot hold exactly, a YAML alias, and a canonical form
 * over MAX_CANONICAL_BYTES. Throws BAD_INPUT saying what is wrong.
 */
export function parseManifest(content: string): ParsedManifest {
  if (Buffer.byteLength(content) > MAX_MANIFEST_BYTES) throw graphQLError('BAD_INPUT', `A manifest is at most ${MAX_MANIFEST_BYTES} bytes.`);
  const format = manifestSyntaxOf(content);
  const document = format === 'json' ? parseJsonText(content) : parseYamlText(content);
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw graphQLError('BAD_INPUT', 'A manifest is a mapping (an object) at the top.');
  const { name, version } = document as { name?: unknown; version?: unknown };
  if (typeof name !== 'string' || !NAME.test(name))
    throw graphQLError('BAD_INPUT', 'A manifest needs a "name": lower-case letters, digits, dots, dashes or underscores, at most 100.');
  if (typeof version !== 'string' || !VERSION.test(version))
    throw graphQLError('BAD_INPUT', 'A manifest needs a "version" string, such as "1.2.0", at most 64 characters.');
  const foreign = nonJsonValue(document);
  if (foreign) throw graphQLError('BAD_INPUT', `The manifest holds a value JSON cannot: a ${foreign}.`);
  let canonical: string;
  try {
    canonical = canonicalJson(document);
  } catch (error) {
    throw graphQLError('BAD_INPUT', `The manifest holds a value JSON cannot: ${(error as Error).message}`);
  }
  const canonicalBytes = Buffer.byteLength(canonical);
  if (canonicalBytes > MAX_CANONICAL_BYTES) {
    throw graphQLError(
      'BAD_INPUT',
      `The manifest's canonical JSON (the form its digest is taken of, stored and served) is ${canonicalBytes} bytes: at most ${MAX_CANONICAL_BYTES} (64 KiB) are accepted. Escapes that JSON writes longer (YAML's "\\0" becomes "\\u0000") count at their JSON length.`,
    );
  }
  return { name, version, format, content, canonical, digest: hashCanonical(canonical) };
}
