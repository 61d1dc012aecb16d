import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './node-flags';

const repositoryFile = (path: string) => readFileSync(resolve(import.meta.dirname, '../../..', path), 'utf8');

describe('the Node flags of the server', () => {
  it('turns off V8 memory reducer', () => {
    expect(SERVER_NODE_FLAGS).toContain('--no-memory-reducer');
  });

  it('names the flags a process was started without', () => {
    expect(missingNodeFlags(['--enable-source-maps'])).toEqual(['--no-memory-reducer']);
    expect(missingNodeFlags(['--no-memory-reducer', '--enable-source-maps'])).toEqual([]);
  });

  // npm start, the bench and the end-to-end instances read node-flags.json; these two spell the command out.
  it('the end-to-end instances take the flags from node-flags.json', () => {
    const config = repositoryFile('playwright.config.ts');
    expect(config).toContain("readFileSync('apps/server/src/node-flags.json', 'utf8')");
    expect(config).toContain("command: ['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']");
  });

  it.each([
    ['npm run serve', () => JSON.parse(repositoryFile('package.json')).scripts.serve as string],
    ["the owner's systemd unit", () => repositoryFile('docs/owner/instances.md').match(/^ExecStart=.*$/m)?.[0] ?? ''],
  ])('%s starts the server with every flag', (_name, command) => {
    const text = command();
    for (const flag of SERVER_NODE_FLAGS) expect(text).toContain(`node ${flag}`);
  });
});
