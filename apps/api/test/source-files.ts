import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The TypeScript source files under `dir`, tests and generated code left out: what a check of the code's own names reads. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.split(path.sep).some((part) => part === 'generated' || part === 'node_modules'),
    )
    .map((name) => path.join(dir, name));
}
