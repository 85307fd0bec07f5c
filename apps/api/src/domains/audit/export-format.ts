import { isChainHash, readEntry, type ChainRecord } from './chain.js';

/** Thrown for a file that is not an exported chain (not JSONL of chain records, or of several tenants). */
export class NotAChainError extends Error {}

/**
 * One line of an export (JSONL, `application/x-ndjson`): the record as
 * stored, the entry kept as the exact text hashed, so a reader recomputes
 * the hash from the bytes in the file and never from a re-serialisation.
 */
export function exportLine(record: ChainRecord): string {
  return `${JSON.stringify({ seq: record.seq, prevHash: record.prevHash, hash: record.hash, entry: record.entry })}\n`;
}

/**
 * The records of an exported chain, in the file's order, and the tenant
 * they belong to. Anything that is not such a file is a NotAChainError
 * naming the first line that is not a record; a record whose entry was
 * changed is still read (verify names it).
 */
export function parseExport(text: string): { tenantId: string; records: ChainRecord[] } {
  const records: ChainRecord[] = [];
  let tenantId: string | undefined;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new NotAChainError(`not an audit chain export: ${where} is not JSON`);
    }
    const r = value as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw new NotAChainError(`not an audit chain export: ${where} is not a JSON object`);
    if (!Number.isSafeInteger(r.seq) || (r.seq as number) < 1)
      throw new NotAChainError(`not an audit chain export: ${where} has no "seq" (a whole number from 1)`);
    if (!isChainHash(r.prevHash) || !isChainHash(r.hash))
      throw new NotAChainError(`not an audit chain export: ${where} lacks "prevHash" or "hash" (64 lower-case hex digits)`);
    if (typeof r.entry !== 'string') throw new NotAChainError(`not an audit chain export: ${where} has no "entry" text`);
    const fields = readEntry(r.entry);
    if (typeof fields !== 'string') {
      tenantId ??= fields.tenantId;
      if (fields.tenantId !== tenantId) throw new NotAChainError(`not one chain: ${where} belongs to tenant ${fields.tenantId}, earlier lines to ${tenantId}`);
    }
    records.push({ seq: r.seq as number, prevHash: r.prevHash, hash: r.hash, entry: r.entry });
  }
  if (records.length === 0) throw new NotAChainError('not an audit chain export: the file holds no entries');
  if (tenantId === undefined) throw new NotAChainError('not an audit chain export: no line holds a readable entry');
  return { tenantId, records };
}
