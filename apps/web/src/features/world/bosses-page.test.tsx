import type { BossRow } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { SiteDataProvider } from '../../shared/site-data';
import { jsonResponse, testMetadata } from '../../test-support/metadata';
import { BossesPage } from './bosses-page';

const HOUR = 3_600_000;
const BACK = Date.UTC(2026, 10, 27, 18, 0);

const BOSSES: BossRow[] = [
  { id: 29019, name: 'Antharas', kind: 'grand', level: 79, alive: true },
  { id: 29028, name: 'Valakas', kind: 'grand', level: 85, alive: false, respawnAt: BACK },
  {
    id: 25001,
    name: 'Greyclaw Kutus',
    kind: 'raid',
    level: 23,
    alive: false,
    respawnDelay: { minMs: 12 * HOUR, maxMs: 60 * HOUR },
    respawnAt: BACK,
  },
  {
    id: 25328,
    name: 'Eilhalder Von Hellmann',
    kind: 'raid',
    level: 71,
    alive: false,
    respawnDelay: { minMs: 4 * HOUR, maxMs: 4 * HOUR },
  },
  { id: 31999, name: '#31999', kind: 'raid', level: null, alive: true },
];

/** Each row of a table as its cells' texts, the row header first. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** As the server answers them: grand bosses first, then raid bosses, each by English name. */
const NAMED_BOSSES: BossRow[] = [
  { id: 29019, name: 'Antharas', kind: 'grand', level: null, alive: true },
  { id: 29001, name: 'Queen Ant', kind: 'grand', level: null, alive: false },
  { id: 29028, name: 'Valakas', kind: 'grand', level: null, alive: true },
  { id: 25001, name: 'Greyclaw Kutus', kind: 'raid', level: null, alive: true },
  { id: 99999, name: '#99999', kind: 'raid', level: null, alive: true },
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

  it('shows both kinds with the same columns in the same order: boss, level, status and the return', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(BOSSES)),
    );
    render(<BossesPage />);
    const grand = within(await screen.findByRole('region', { name: 'Grand bosses' })).getByRole('table');
    const raid = within(screen.getByRole('region', { name: 'Raid bosses' })).getByRole('table');
    expect(rowsOf(grand)).toEqual([
      ['Boss', 'Level', 'Status'],
      ['Antharas', '79', 'Alive'],
      // A grand boss: no delays in the game's tables, the moment the owner lets the site tell.
      ['Valakas', '85', 'DeadBack at 27 Nov 2026, 18:00 UTC'],
    ]);
    expect(rowsOf(raid)).toEqual([
      ['Boss', 'Level', 'Status'],
      ['#31999', 'unknown', 'Alive'],
      ['Eilhalder Von Hellmann', '71', 'DeadRespawn after death: 4 hours'],
      ['Greyclaw Kutus', '23', 'DeadRespawn after death: 12–60 hoursBack at 27 Nov 2026, 18:00 UTC'],
    ]);
  });

  it("shows a return in the site's time zone, named after the time", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('getserverstatus') ? jsonResponse({}) : jsonResponse(BOSSES),
      ),
    );
    render(
      <SiteDataProvider initialMetadata={testMetadata({ timeZone: 'Europe/Athens' })}>
        <BossesPage />
      </SiteDataProvider>,
    );
    const grand = within(await screen.findByRole('region', { name: 'Grand bosses' })).getByRole('table');
    expect(rowsOf(grand)[2]?.[2]).toMatch(/^DeadBack at 27 Nov 2026, 20:00 (EET|GMT\+2)$/);
  });

  it('names each boss by its id in the language of the page, in that language’s order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(NAMED_BOSSES)),
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
