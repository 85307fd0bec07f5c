/** Hosts a redirect may use plain http for: this machine only (RFC 8252 §7.3, the native-app loopback redirect). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI is refused (docs/oauth.md, rule OA2), or undefined when it is https or loopback http. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${JSON.stringify(uri.slice(0, 200))} is not a URL`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `${url.protocol}//${url.host} is neither https nor http on a loopback address (127.0.0.1, [::1], localhost)`;
}

/**
 * What is wrong with a client's redirect URIs, or undefined: oidc-provider
 * asks on every client it registers or loads (its
 * `extraClientMetadata.validator`, which sees the whole metadata).
 */
export function redirectUrisProblem(metadata: Record<string, unknown>): string | undefined {
  const uris = Array.isArray(metadata.redirect_uris) ? (metadata.redirect_uris as unknown[]) : [];
  for (const uri of uris) {
    const problem = typeof uri === 'string' ? redirectUriProblem(uri) : 'a redirect URI is not a string';
    if (problem) return `redirect_uris: ${problem}.`;
  }
  return undefined;
}
