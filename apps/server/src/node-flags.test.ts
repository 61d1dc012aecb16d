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

  // npm start and the bench read node-flags.json; these three spell the command out.
  it.each([
    ['npm run serve', () => JSON.parse(repositoryFile('package.json')).scripts.serve as string],
    ['the end-to-end server', () => repositoryFile('playwright.config.ts')],
    ["the owner's systemd unit", () => repositoryFile('docs/owner/instances.md').match(/^ExecStart=.*$/m)?.[0] ?? ''],
  ])('%s starts the server with every flag', (_name, command) => {
    const text = command();
    for (const flag of SERVER_NODE_FLAGS) expect(text).toContain(`node ${flag}`);
  });
});
