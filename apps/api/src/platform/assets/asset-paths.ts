import path from 'node:path';

// esbuild defines it as `true` in the built server (scripts/build-api.mjs); under tsx it is undeclared.
declare const COUNTERSIGN_BUNDLE: boolean | undefined;

/**
 * True in the built server: there every asset sits beside the entry file
 * (`server.js`), so an unpacked release runs from any folder; in the source
 * tree each asset stays where its package keeps it.
 */
export const BUNDLED: boolean = typeof COUNTERSIGN_BUNDLE !== 'undefined' && COUNTERSIGN_BUNDLE;

/**
 * Where an asset is: `bundled` beside the built entry file, or `fromSource`
 * relative to this file's folder (apps/api/src/platform/assets) in the source
 * tree. Never relative to the working directory, which is the operator's.
 */
export function assetPath(bundled: string, fromSource: string): string {
  return BUNDLED ? path.join(import.meta.dirname, bundled) : path.resolve(import.meta.dirname, fromSource);
}
