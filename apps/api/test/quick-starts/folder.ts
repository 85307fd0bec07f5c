import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from '../processes.js';
import { materialise, ROOT, type QuickStartBlock } from './readme-blocks.js';

/*
 * Where a quick start runs: an empty folder outside the workspace, a home of
 * its own (so a gate's journal in ~/.countersign starts empty), and one npm
 * cache shared by every path (the user's own, named in that home's .npmrc),
 * so what one path downloaded the next one finds. The environment holds
 * PATH without the workspace's .bin folders, HOME, and only the variables
 * the block declares.
 */

/** The user's npm cache; QUICK_START_NPM_CACHE names another (an empty folder measures a cold start). */
const SHARED_NPM_CACHE = process.env.QUICK_START_NPM_CACHE ?? path.join(homedir(), '.npm');

/** PATH without the folders pnpm put there for the workspace (its node_modules/.bin). */
function pathOutsideWorkspace(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.startsWith(ROOT))
    .join(path.delimiter);
}

export class QuickStartFolder {
  readonly dir: string;
  readonly home: string;
  private readonly npxBefore: Set<string>;

  constructor(readonly name: string) {
    this.dir = mkdtempSync(path.join(tmpdir(), `countersign-quick-start-${name}-`));
    this.home = mkdtempSync(path.join(tmpdir(), `countersign-quick-start-home-`));
    mkdirSync(SHARED_NPM_CACHE, { recursive: true });
    writeFileSync(path.join(this.home, '.npmrc'), `cache=${SHARED_NPM_CACHE}\nfund=false\naudit=false\nupdate-notifier=false\n`);
    this.npxBefore = new Set(this.npxInstalls());
  }

  /** The environment a block runs in: the folder's own basics and the declared variables. */
  env(declared: Record<string, string> = {}): Record<string, string> {
    return { PATH: pathOutsideWorkspace(), HOME: this.home, LANG: 'C.UTF-8', ...declared };
  }

  /**
   * Runs one step: an sh block in bash (failing on its first failing
   * command), a saved file with node or python3. Answers the child so the
   * test can answer the owner's side while it runs.
   */
  start(block: QuickStartBlock, values: Record<string, string>): ChildProcess {
    const text = materialise(block, values);
    const declared = Object.fromEntries(
      block.env.map((name) => {
        if (values[name] === undefined) throw new Error(`${block.where}: no value for the declared ${name}`);
        return [name, values[name]];
      }),
    );
    let command: string;
    let args: string[];
    if (block.file) {
      writeFileSync(path.join(this.dir, block.file), text);
      command = block.file.endsWith('.py') ? 'python3' : 'node';
      args = [block.file];
    } else if (block.lang === 'sh') {
      command = 'bash';
      args = ['-e', '-o', 'pipefail', '-c', text];
    } else {
      throw new Error(`${block.where}: a ${block.lang} block without a file is not run by the folder`);
    }
    return spawn(command, args, { cwd: this.dir, env: this.env(declared), stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Runs one step to its end. */
  run(block: QuickStartBlock, values: Record<string, string>): ReturnType<typeof finished> {
    return finished(this.start(block, values));
  }

  private npxInstalls(): string[] {
    const npx = path.join(SHARED_NPM_CACHE, '_npx');
    return existsSync(npx) ? readdirSync(npx) : [];
  }

  /** Removes the folder, its home and what npx installed for it (from tarballs that are gone with them). */
  remove(): void {
    for (const install of this.npxInstalls()) {
      if (!this.npxBefore.has(install)) rmSync(path.join(SHARED_NPM_CACHE, '_npx', install), { recursive: true, force: true });
    }
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.home, { recursive: true, force: true });
  }
}
