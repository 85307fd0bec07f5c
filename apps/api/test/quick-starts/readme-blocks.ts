import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The quick starts of the READMEs, as the runner reads them. A block is a
 * quick start's step when the line before its fence (blank lines aside) is
 *
 *   <!-- quick-start: PATH[; file: NAME][; env: VAR …][; replace: LITERAL=$VAR …] -->
 *
 * `file` saves the block under that name and runs it (node for .mjs, python3
 * for .py); without it an sh block runs in bash, a json block is an MCP
 * host's configuration and a graphql block is the owner's document. `env`
 * names what the block reads from its environment, `replace` the literals a
 * reader puts their own values in for. Those are the only edits: the rest
 * runs as written.
 */

/** The repository's root, where the READMEs are. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The files whose tagged blocks are quick starts. */
export const QUICK_START_FILES = ['README.md', 'packages/client/README.md'];

export interface QuickStartBlock {
  path: string;
  lang: string;
  file?: string;
  env: string[];
  replace: [literal: string, variable: string][];
  text: string;
  /** `README.md:123`, for messages. */
  where: string;
}

const TAG = /^<!-- quick-start: ([a-z0-9-]+)((?:; [a-z]+: [^;]+?)*) -->$/;

function parseTag(line: string, where: string): Omit<QuickStartBlock, 'lang' | 'text' | 'where'> {
  const match = TAG.exec(line);
  if (!match) throw new Error(`${where}: a quick-start tag must read <!-- quick-start: PATH[; file: F][; env: V …][; replace: L=$V …] -->`);
  const block: Omit<QuickStartBlock, 'lang' | 'text' | 'where'> = { path: match[1]!, env: [], replace: [] };
  for (const field of match[2]!.split('; ').slice(1)) {
    const [name, value] = [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 2).trim()];
    if (name === 'file') block.file = value;
    else if (name === 'env') block.env = value.split(' ');
    else if (name === 'replace') {
      block.replace = value.split(' ').map((pair) => {
        const at = pair.lastIndexOf('=$');
        if (at <= 0) throw new Error(`${where}: "${pair}" is not LITERAL=$VARIABLE`);
        return [pair.slice(0, at), pair.slice(at + 2)];
      });
    } else throw new Error(`${where}: unknown quick-start field "${name}"`);
  }
  return block;
}

/** Every tagged block of `file` (relative to the repository), in document order. */
export function blocksOf(file: string): QuickStartBlock[] {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const blocks: QuickStartBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('<!-- quick-start')) continue;
    const where = `${file}:${i + 1}`;
    const tag = parseTag(lines[i]!, where);
    let fence = i + 1;
    while (lines[fence] === '') fence++;
    const open = /^```([a-z]+)$/.exec(lines[fence] ?? '');
    if (!open) throw new Error(`${where}: a quick-start tag must come right before a fenced block`);
    const end = lines.indexOf('```', fence + 1);
    if (end < 0) throw new Error(`${where}: the block is not closed`);
    blocks.push({ ...tag, lang: open[1]!, text: `${lines.slice(fence + 1, end).join('\n')}\n`, where });
    i = end;
  }
  return blocks;
}

/** The quick starts of every README, by path name, each with its steps in order. */
export function quickStarts(): Map<string, QuickStartBlock[]> {
  const paths = new Map<string, QuickStartBlock[]>();
  for (const block of QUICK_START_FILES.flatMap(blocksOf)) paths.set(block.path, [...(paths.get(block.path) ?? []), block]);
  return paths;
}

/**
 * The block with its declared replacements made, and no others. A literal it
 * declares that the block does not hold is an error: the tag must stay true.
 */
export function materialise(block: QuickStartBlock, values: Record<string, string>): string {
  let text = block.text;
  for (const [literal, variable] of block.replace) {
    if (!text.includes(literal)) throw new Error(`${block.where}: declares ${literal}=$${variable}, but the block has no ${literal}`);
    const value = values[variable];
    if (value === undefined) throw new Error(`${block.where}: no value for $${variable}`);
    text = text.replaceAll(literal, value);
  }
  return text;
}
