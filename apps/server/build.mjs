// Bundles the server (and the contract package it imports) into dist/main.js, and the owner's mail
// command into dist/mail-cli.js; npm packages stay external. The BCrypt pool's worker is plain
// JavaScript loaded by file: it is copied beside main.js, where game/password-hash.ts looks for it.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
  (name) => !name.startsWith('@gatekeeper/'),
);

await build({
  entryPoints: ['src/main.ts', 'src/mail-cli.ts', 'src/donations-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
copyFileSync('src/game/bcrypt-worker.mjs', 'dist/bcrypt-worker.mjs');
