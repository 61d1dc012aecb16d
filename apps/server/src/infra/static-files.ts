import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentType } from 'mime-types';
import { type PreparedEncodings, chooseEncoding, prepareBytes } from './prepared-answer';
import { publicGet } from './public-read';
import { headerOf } from './raw-header';

/** Vite names built files name-HASH.ext; those never change and are cached for a year. */
const HASHED_FILE = /-[A-Za-z0-9_-]{8,}\.(js|css|svg|png|jpg|webp|woff2?)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files under a fixed name (locale files, images): kept 5 minutes, then asked again by ETag. */
const REVALIDATE = 'public, max-age=300, must-revalidate';
const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * The built page's files as answers held in memory: every header and the exact bytes of each
 * encoding the build wrote (name.br, name.gz). One ETag per file, whatever its encoding (with
 * Vary: Accept-Encoding): a browser that holds the file in one encoding holds its content. The
 * whole build is about 2 MB; reading it once spares each request a stat and a file stream
 * (decision 023).
 */
export const loadStaticFiles = (
  distDir: string,
  securityHeaders: Readonly<Record<string, string>>,
  skip: (urlPath: string) => boolean,
): Map<string, PreparedEncodings> => {
  const files = new Map<string, PreparedEncodings>();
  for (const file of filesUnder(distDir)) {
    if (file.endsWith(PRECOMPRESSED.br) || file.endsWith(PRECOMPRESSED.gzip)) continue;
    const urlPath = `/${relative(distDir, file).split(sep).join('/')}`;
    if (skip(urlPath)) continue;
    const plain = readFileSync(file);
    const encoded = Object.entries(PRECOMPRESSED).filter(([, suffix]) => existsSync(file + suffix));
    const headers = {
      ...securityHeaders,
      'content-type': contentType(file.slice(file.lastIndexOf('/') + 1)) || 'application/octet-stream',
      'cache-control': HASHED_FILE.test(urlPath) ? IMMUTABLE : REVALIDATE,
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
      ...(encoded.length > 0 ? { vary: 'accept-encoding' } : {}),
    };
    files.set(
      urlPath,
      Object.freeze({
        plain: prepareBytes(headers, plain),
        ...Object.fromEntries(
          encoded.map(([encoding, suffix]) => [
            encoding,
            prepareBytes({ ...headers, 'content-encoding': encoding }, readFileSync(file + suffix)),
          ]),
        ),
      }),
    );
  }
  return files;
};

/**
 * One public GET per built file (its route, HEAD with it, and its place at the front door): the
 * answer in the encoding asked for, or 304.
 */
export const registerStaticFiles = (app: FastifyInstance, files: Map<string, PreparedEncodings>): void => {
  for (const [urlPath, answers] of files) {
    publicGet(app, urlPath, (request) => chooseEncoding(answers, headerOf(request, 'accept-encoding')));
  }
};
