import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGENERATE_COMMAND, SETTINGS_REFERENCE_FILE, renderSettingsReference } from './settings-reference';

describe('docs/owner/settings-reference.md', () => {
  it('is what the settings schema generates', () => {
    const stale = `docs/owner/settings-reference.md is stale: run \`${REGENERATE_COMMAND}\` and commit the page`;
    expect(existsSync(SETTINGS_REFERENCE_FILE), stale).toBe(true);
    expect(readFileSync(SETTINGS_REFERENCE_FILE, 'utf8'), stale).toBe(renderSettingsReference());
  });

  it('documents every key with a description', () => {
    const undocumented = renderSettingsReference()
      .split('\n')
      .filter((line) => line.startsWith('| `') && line.endsWith('|  |'));
    expect(undocumented).toEqual([]);
  });
});
