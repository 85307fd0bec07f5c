import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chainHash, checkAgainstHead, entryText, ENTRY_VERSION, GENESIS_HASH, verifyChain, type ChainRecord } from './chain.js';
import { exportLine, NotAChainError, parseExport } from './export-format.js';

const TENANT = '6d1c3f4e-0000-4000-8000-000000000001';

/** A chain as appendAuditEntry builds one, from the details of its entries. */
function buildChain(details: unknown[]): ChainRecord[] {
  let prev = GENESIS_HASH;
  return details.map((detail, index) => {
    const seq = index + 1;
    const entry = entryText({
      v: ENTRY_VERSION,
      tenantId: TENANT,
      seq,
      kind: 'signoff.approved',
      actor: 'owner:o',
      subject: `signoff:${seq}`,
      detail,
      at: new Date(1_800_000_000_000 + seq).toISOString(),
    });
    const record = { seq, prevHash: prev, hash: chainHash(prev, entry), entry };
    prev = record.hash;
    return record;
  });
}

const detail = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null)), {
  maxKeys: 3,
});
const chain = fc.array(detail, { minLength: 2, maxLength: 30 }).map(buildChain);

describe('verifyChain (docs/audit.md, L3)', () => {
  test('verifies every chain built by appending, and its head is the last entry', () => {
    fc.assert(
      fc.property(chain, (records) => {
        expect(verifyChain(records, TENANT)).toEqual({ ok: true, count: records.length, head: { seq: records.length, hash: records.at(-1)!.hash } });
      }),
    );
  });

  test('names exactly the entry whose text was edited', () => {
    fc.assert(
      fc.property(chain, fc.nat(), fc.string({ minLength: 1, maxLength: 5 }), (records, at, extra) => {
        const index = at % records.length;
        const edited = records.map((record, i) => (i === index ? { ...record, entry: record.entry.replace('"kind":"', `"kind":"${extra}`) } : record));
        const verdict = verifyChain(edited, TENANT);
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.problem).toMatchObject({ kind: 'edited', seq: index + 1 });
      }),
    );
  });

  test('names the gap an entry deleted from the middle leaves', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (records, at) => {
        const index = at % (records.length - 1);
        const verdict = verifyChain(
          records.filter((_, i) => i !== index),
          TENANT,
        );
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.problem).toMatchObject({ kind: 'gap', seq: index + 1 });
      }),
    );
  });

  test('names an entry moved out of order, in a file or by its seq in the database', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (records, at) => {
        const index = at % (records.length - 1);
        // A file's lines swapped.
        const swapped = [...records];
        [swapped[index], swapped[index + 1]] = [swapped[index + 1]!, swapped[index]!];
        const inFile = verifyChain(swapped, TENANT);
        expect(inFile.ok).toBe(false);
        if (!inFile.ok) expect(inFile.problem).toMatchObject({ kind: 'reordered', seq: index + 1 });
        // Two rows' seqs swapped: read by seq, each carries the other's place.
        const renumbered = swapped.map((record, i) => ({ ...record, seq: i + 1 }));
        const inDatabase = verifyChain(renumbered, TENANT);
        expect(inDatabase.ok).toBe(false);
        if (!inDatabase.ok) expect(inDatabase.problem).toMatchObject({ kind: 'reordered', seq: index + 1 });
      }),
    );
  });

  test('a chain rewritten after an entry breaks the link to it, and its hashes recomputed still differ from a signed head', () => {
    fc.assert(
      fc.property(fc.array(detail, { minLength: 3, maxLength: 20 }), fc.nat(), (details, at) => {
        const records = buildChain(details);
        const index = at % records.length;
        const rewritten = buildChain(details.map((d, i) => (i === index ? { rewritten: true } : d)));
        const verdict = verifyChain(rewritten, TENANT);
        expect(verdict.ok).toBe(true);
        const held = checkAgainstHead(rewritten, verdict, { seq: records.length, hash: records.at(-1)!.hash });
        expect(held).toMatchObject({ ok: false, problem: { kind: 'head-mismatch', seq: records.length } });
      }),
    );
  });

  test('names the first entry cut off a tail, held to a signed head', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (records, at) => {
        const keep = 1 + (at % (records.length - 1));
        const cut = records.slice(0, keep);
        const held = checkAgainstHead(cut, verifyChain(cut, TENANT), { seq: records.length, hash: records.at(-1)!.hash });
        expect(held).toMatchObject({ ok: false, problem: { kind: 'truncated', seq: keep + 1 } });
      }),
    );
  });

  test('reads back an export line for line, whatever the entries hold', () => {
    fc.assert(
      fc.property(chain, (records) => {
        const parsed = parseExport(records.map(exportLine).join(''));
        expect(parsed).toEqual({ tenantId: TENANT, records });
      }),
    );
  });
});

describe('parseExport', () => {
  test.each([
    ['an empty file', '', 'the file holds no entries'],
    ['a text file', 'hello world\n', 'line 1 is not JSON'],
    ['a JSON array', '[1,2,3]\n', 'line 1 is not a JSON object'],
    ['records without hashes', '{"seq":1,"entry":"{}"}\n', 'line 1 lacks "prevHash" or "hash"'],
    ['a record without a seq', `{"prevHash":"${GENESIS_HASH}","hash":"${GENESIS_HASH}","entry":"{}"}\n`, 'line 1 has no "seq"'],
  ])('refuses %s as not a chain, saying why', (_name, text, message) => {
    expect(() => parseExport(text)).toThrow(NotAChainError);
    expect(() => parseExport(text)).toThrow(message);
  });

  test('refuses a file mixing two tenants', () => {
    const [first] = buildChain([{}]);
    const other = first!.entry.replace(TENANT, '6d1c3f4e-0000-4000-8000-000000000002');
    expect(() => parseExport(exportLine(first!) + exportLine({ ...first!, seq: 2, entry: other }))).toThrow('not one chain: line 2 belongs to tenant');
  });
});
