/**
 * Whether `/metrics` is served, and to whom (docs/metrics.md). Off unless
 * COUNTERSIGN_METRICS=on (open to whoever reaches the port) or
 * COUNTERSIGN_METRICS_TOKEN is set (then only with `Authorization: Bearer
 * <token>`), so a fresh install never shows its figures to the public.
 */
export interface MetricsSettings {
  enabled: boolean;
  /** The bearer token a scrape must carry; undefined: none needed (COUNTERSIGN_METRICS=on). */
  token: string | undefined;
  /**
   * The commit `countersign_build_info` reports (COUNTERSIGN_BUILD_COMMIT), for an
   * install that is no git checkout (a release, an image); unset: the checkout's
   * HEAD, or `unknown` (build-info.ts).
   */
  buildCommit?: string;
}

export const METRICS_OFF: MetricsSettings = { enabled: false, token: undefined };

/** Shorter tokens could be guessed by a scraper of the port; `openssl rand -hex 32` gives 64 characters. */
const MIN_TOKEN_LENGTH = 16;

/**
 * Reads COUNTERSIGN_METRICS, COUNTERSIGN_METRICS_TOKEN and COUNTERSIGN_BUILD_COMMIT. A value that is
 * neither `on` nor `off`, `off` together with a token, or a short token
 * stops the start with a message naming the setting (never the token).
 */
export function readMetricsSettings(env: NodeJS.ProcessEnv): MetricsSettings {
  const buildCommit = readBuildCommit(env);
  return buildCommit === undefined ? readSwitch(env) : { ...readSwitch(env), buildCommit };
}

/** A commit id as git prints it, abbreviated or full; anything else is a mistake in the build's script. */
const COMMIT = /^[0-9a-f]{7,40}$/;

function readBuildCommit(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.COUNTERSIGN_BUILD_COMMIT?.trim().toLowerCase() || undefined;
  if (value !== undefined && !COMMIT.test(value))
    throw new Error(`COUNTERSIGN_BUILD_COMMIT must be a git commit id (7 to 40 hexadecimal digits), got ${env.COUNTERSIGN_BUILD_COMMIT}`);
  return value;
}

function readSwitch(env: NodeJS.ProcessEnv): MetricsSettings {
  const switchValue = env.COUNTERSIGN_METRICS || undefined;
  const token = env.COUNTERSIGN_METRICS_TOKEN || undefined;
  if (switchValue !== undefined && switchValue !== 'on' && switchValue !== 'off') throw new Error(`COUNTERSIGN_METRICS must be on or off, got ${switchValue}`);
  if (token !== undefined) {
    // The value is not repeated: it is the secret.
    if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token))
      throw new Error(`COUNTERSIGN_METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters without spaces (openssl rand -hex 32)`);
    if (switchValue === 'off') throw new Error('COUNTERSIGN_METRICS is off but COUNTERSIGN_METRICS_TOKEN is set: unset the token, or COUNTERSIGN_METRICS');
    return { enabled: true, token };
  }
  return { enabled: switchValue === 'on', token: undefined };
}
