import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isForbiddenAddress } from '../../platform/lib/address-policy.js';
import { pinnedLookup } from './pinned-lookup.js';

/** What one delivery attempt came to. A redirect is an answer like any other status: it is never followed. */
export type PostOutcome = { kind: 'answered'; status: number; body: string; latencyMs: number } | { kind: 'failed'; error: string; latencyMs: number };

export interface PostOptions {
  url: string;
  headers: Record<string, string>;
  /** Text is sent as UTF-8; bytes (an encrypted push message) as they are. */
  body: string | Buffer;
  /**
   * In production the host is resolved once, the attempt is refused without
   * opening a socket when any resolved address is private, loopback or
   * link-local (SSRF), and the connection is pinned to the checked address.
   * Outside production any address is allowed, so tests and local receivers
   * on 127.0.0.1 work.
   */
  production: boolean;
  /** Resolves a hostname to its addresses; defaults to the system resolver. Injected by tests to play a hostile DNS answer. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** The deadline of the whole exchange (resolution, connection and the full response); 10 s by default. */
  timeoutMs?: number;
  /** The largest response body accepted; a larger one fails the attempt. 256 KiB by default. */
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 256 * 1024;

async function systemResolve(hostname: string): Promise<string[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

function durationText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A network error in words an owner reading the attempt log understands. */
function describeError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `could not resolve the host (${code})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return code ? `${code}: ${message}` : message;
  }
}

/** Rejects once `signal` aborts, so awaiting the resolver also respects the deadline. */
function onAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
}

/**
 * Sends one signed delivery and says how it went. It never throws: a
 * timeout, a refused or reset connection, an oversized body or a refused
 * address is a `failed` outcome for the caller to record and retry. It never
 * follows redirects and uses a fresh connection each time, so a pooled
 * socket never carries an attempt to an address this call did not check.
 */
export async function postWebhook(options: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const timedOut = () => ({ kind: 'failed' as const, error: `no answer within ${durationText(timeoutMs)}`, latencyMs: latencyMs() });
  try {
    const url = new URL(options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'failed', error: `unsupported scheme ${url.protocol}`, latencyMs: latencyMs() };
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    let pinned: LookupFunction | undefined;
    if (options.production) {
      const addresses = isIP(hostname) !== 0 ? [hostname] : await Promise.race([(options.resolve ?? systemResolve)(hostname), onAbort(deadline.signal)]);
      if (addresses.length === 0) return { kind: 'failed', error: `could not resolve ${hostname}`, latencyMs: latencyMs() };
      if (addresses.some(isForbiddenAddress)) {
        return { kind: 'failed', error: `refused: ${hostname} resolves to a private, loopback or link-local address`, latencyMs: latencyMs() };
      }
      pinned = pinnedLookup(addresses[0]!);
    }
    const outcome = await exchange(url, hostname, pinned, options, deadline.signal);
    if (deadline.signal.aborted) return timedOut();
    return outcome === 'timed out' ? timedOut() : { ...outcome, latencyMs: latencyMs() };
  } catch (error) {
    return deadline.signal.aborted ? timedOut() : { kind: 'failed', error: describeError(error), latencyMs: latencyMs() };
  } finally {
    clearTimeout(timer);
  }
}

type Exchanged = { kind: 'answered'; status: number; body: string } | { kind: 'failed'; error: string } | 'timed out';

/** The HTTP request itself; resolves exactly once, whatever the socket does. */
function exchange(url: URL, hostname: string, pinned: LookupFunction | undefined, options: PostOptions, signal: AbortSignal): Promise<Exchanged> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : options.body;
  if (signal.aborted) return Promise.resolve('timed out');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Exchanged) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(result);
    };
    const tooLarge = () => settle({ kind: 'failed', error: `response over ${maxBytes} bytes` });
    const request = (url.protocol === 'https:' ? https : http).request({
      method: 'POST',
      protocol: url.protocol,
      hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { ...options.headers, 'content-length': String(body.length) },
      agent: false,
      ...(pinned ? { lookup: pinned } : {}),
    });
    signal.addEventListener('abort', () => settle('timed out'), { once: true });
    request.on('error', (error) => settle({ kind: 'failed', error: describeError(error) }));
    request.on('response', (response) => {
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      response.on('end', () => settle({ kind: 'answered', status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => settle({ kind: 'failed', error: describeError(error) }));
      response.on('close', () => {
        if (!response.complete) settle({ kind: 'failed', error: 'connection closed before the response ended' });
      });
    });
    request.end(body);
  });
}
