import { resolve } from 'node:path';

/**
 * The web workspace, found from this file: src/paths.ts when run from source, dist/main.js when
 * bundled; both sit one folder below apps/server, so the same relative path holds.
 */
export const WEB_ROOT = resolve(import.meta.dirname, '../../web');
export const WEB_DIST_DIR = resolve(WEB_ROOT, 'dist');
/** The server-side build of the page (decision 022), next to the browser's. */
export const WEB_SSR_DIR = resolve(WEB_ROOT, 'dist-ssr');
