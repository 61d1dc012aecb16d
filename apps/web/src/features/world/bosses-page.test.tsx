import type { BossRow } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { BossesPage } from './bosses-page';

/** As the server answers them: grand bosses first, then raid bosses, each by English name. */
const BOSSES: BossRow[] = [
  { id: 29019, name: 'Antharas', kind: 'grand', alive: true },
  { id: 29001, name: 'Queen Ant', kind: 'grand', alive: false },
  { id: 29028, name: 'Valakas', kind: 'grand', alive: true },
  { id: 25001, name: 'Greyclaw Kutus', kind: 'raid', alive: true },
  { id: 99999, name: '#99999', kind: 'raid', alive: true },
];

const names = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the Bosses page', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('names each boss by its id in the language of the page, in that language’s order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(BOSSES)),
    );
    render(<BossesPage />);
    await screen.findAllByRole('table');
    expect(names('Grand bosses')).toEqual(['Antharas', 'Queen Ant', 'Valakas']);
    cleanup();

    await i18next.changeLanguage('ru');
    render(<BossesPage />);
    await screen.findAllByRole('table');
    const [grand, raid] = screen.getAllByRole('region');
    // The Russian client's names, in Russian alphabetical order; a boss the tables do not know keeps the answer's name.
    expect(
      within(grand!)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Антарас', 'Валакас', 'Королева Муравьев']);
    expect(
      within(raid!)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#99999', 'Кутус Серый Коготь']);
  });
});
