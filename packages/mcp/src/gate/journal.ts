import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a gated call got to, per grant: `redeeming` before the grant is
 * redeemed, `forwarding` before the approved input goes upstream, `forwarded`
 * (with the outcome) once the upstream answered, `reported` once Countersign
 * has the outcome. Each line is appended and fsynced before the step it
 * announces, so after a crash the last line of a grant says what may have
 * happened.
 */
export type JournalState = 'redeeming' | 'forwarding' | 'forwarded' | 'reported';

export interface JournalEntry {
  grant: string;
  tool: string;
  inputHash: string;
  state: JournalState;
  /** With `forwarded`: the outcome to report. */
  outcome?: { succeeded: true; result: Record<string, unknown> } | { succeeded: false; failure: string };
}

/** A local append-only journal file (JSON lines); absent until the first entry. */
export class GateJournal {
  constructor(readonly file: string) {}

  /** Appends one entry and waits for it to reach the disk. */
  append(entry: JournalEntry): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const fd = openSync(this.file, 'a', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Each grant's last entry, for the grants not yet `reported`. A torn last line (a crash mid-write) is skipped. */
  unfinished(): JournalEntry[] {
    let raw: string;
    try {
      raw = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const last = new Map<string, JournalEntry>();
    for (const line of raw.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const entry = JSON.parse(line) as JournalEntry;
        last.set(entry.grant, entry);
      } catch {
        continue;
      }
    }
    return [...last.values()].filter((entry) => entry.state !== 'reported');
  }
}

/** What is reported for a grant forwarded before a crash whose outcome the gate never saw. */
export const OUTCOME_UNKNOWN = 'outcome unknown after gate restart';
