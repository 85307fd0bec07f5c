import express from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The encodings the console build precompresses (see apps/console/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Vite names its outputs `/assets/name-HASH.ext` (an 8-character base64url content hash): such a URL never changes content. */
const HASHED = /^\/assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js) is revalidated on each use, so a new build is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * The built console: its files with the cache policy above, each in the best
 * precompressed encoding the client accepts (identity otherwise), and every
 * other GET answered by index.html (client-side routes such as `/inbox/:id`).
 */
export function serveConsole(app: express.Express, dir: string): void {
  const variants = precompressedFiles(dir);
  const sendPrecompressed = (urlPath: string, req: express.Request, res: express.Response, next: express.NextFunction) => {
    const available = variants.get(urlPath);
    const encoding = available && chooseEncoding(req.get('accept-encoding'), available);
    if (!encoding) return next();
    // The type of the file itself, not of its .br/.gz (send keeps a Content-Type already set).
    res.type(path.extname(urlPath));
    // Relative to root: send then looks for dotfiles in this path only, not in where the console is installed.
    res.sendFile(
      urlPath.slice(1) + encoding.extension,
      { root: dir, headers: { 'Content-Encoding': encoding.name, Vary: 'Accept-Encoding', 'Cache-Control': cachePolicy(urlPath) } },
      (error?: Error) => {
        if (!error || res.headersSent) return;
        // The variant went away (a rebuild under a running server): the file itself may still be there.
        res.removeHeader('Content-Type');
        next();
      },
    );
  };

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = decodedPath(req.path);
    if (urlPath === undefined) return next();
    sendPrecompressed(urlPath, req, res, next);
  });
  app.use(
    express.static(dir, {
      index: false,
      setHeaders: (res, file) => {
        const urlPath = toUrlPath(dir, file);
        res.setHeader('Cache-Control', cachePolicy(urlPath));
        // Another client, accepting br or gzip, gets other bytes at this URL: shared caches must key on the header.
        if (variants.has(urlPath)) res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );
  app.get('/{*path}', (req, res, next) => {
    sendPrecompressed('/index.html', req, res, () => {
      res.setHeader('Cache-Control', REVALIDATE);
      if (variants.has('/index.html')) res.setHeader('Vary', 'Accept-Encoding');
      res.sendFile(path.join(dir, 'index.html'), (error?: Error) => {
        if (error && !res.headersSent) next(error);
      });
    });
  });
}

export function cachePolicy(urlPath: string): string {
  return HASHED.test(urlPath) ? IMMUTABLE : REVALIDATE;
}

/**
 * Which of `available` to send for this Accept-Encoding: the one the client
 * rates highest (q), br on a tie; none when it accepts neither, or sent no
 * header (identity is always acceptable, RFC 9110 §12.5.3).
 */
export function chooseEncoding(header: string | undefined, available: ReadonlySet<Encoding['name']>): Encoding | undefined {
  if (!header) return undefined;
  const ratings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const rating = q === undefined ? 1 : Number(q.slice(2));
    ratings.set(coding, Number.isFinite(rating) ? rating : 0);
  }
  let best: Encoding | undefined;
  let bestRating = 0;
  for (const encoding of ENCODINGS) {
    if (!available.has(encoding.name)) continue;
    const rating = ratings.get(encoding.name) ?? (encoding.name === 'gzip' ? ratings.get('x-gzip') : undefined) ?? ratings.get('*') ?? 0;
    if (rating > bestRating) {
      best = encoding;
      bestRating = rating;
    }
  }
  return best;
}

/**
 * The URL paths of the files that have precompressed variants, read once at
 * start: lookups are by this map only, so a request path can never name a
 * file outside the console's folder.
 */
function precompressedFiles(dir: string): Map<string, Set<Encoding['name']>> {
  const files = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : [])),
  );
  const variants = new Map<string, Set<Encoding['name']>>();
  for (const file of files) {
    const encodings = new Set(ENCODINGS.filter((encoding) => files.has(file + encoding.extension)).map((encoding) => encoding.name));
    const urlPath = toUrlPath(dir, file);
    // Dotfiles are not served (express.static ignores them); neither are their variants.
    if (encodings.size > 0 && !urlPath.includes('/.')) variants.set(urlPath, encodings);
  }
  return variants;
}

function toUrlPath(dir: string, file: string): string {
  return '/' + path.relative(dir, file).split(path.sep).join('/');
}

/** The request path as a file path; a malformed escape is left to the static handler, which answers it as bad input. */
function decodedPath(requestPath: string): string | undefined {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
}
