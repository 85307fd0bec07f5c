import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the encoding header costs about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build
 * (the public/ copies such as sw.js included), at the highest levels: the
 * API sends them as they are, so no request pays for compressing. A variant
 * no smaller than its file is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'countersign:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after the chunks are written and public/ is copied.
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        const variants: [string, Buffer][] = [
          [
            '.br',
            await brotli(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ],
          ['.gz', await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
        ];
        for (const [extension, compressed] of variants) {
          if (compressed.length < content.length) await writeFile(file + extension, compressed);
        }
      }
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else if ((await stat(full)).isFile()) files.push(full);
  }
  return files;
}
