/*
 * oidc-provider is imported on the first OAuth request, not at start: a
 * server nobody signs in to through OAuth never loads it. Importing it
 * prints one warning, that Node.js 22 is its preferred runtime; Countersign
 * runs it on Node.js 20.19 or later, which has every API it calls
 * (URL.parse, crypto.hash) and on which this suite runs it, so that line
 * goes to the log at debug, not to the operator's terminal.
 */
import type * as Oidc from 'oidc-provider';
import type { Logger } from '../../platform/logger.js';

export type OidcModule = typeof Oidc;

let loading: Promise<OidcModule> | undefined;

export function loadOidcProvider(log: Logger): Promise<OidcModule> {
  loading ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (text.includes('oidc-provider WARNING: Unsupported runtime')) log.debug({ notice: text }, 'oidc-provider runtime notice');
      else warn(...args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  })();
  return loading;
}
