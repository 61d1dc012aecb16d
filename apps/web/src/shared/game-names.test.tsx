import { GAME_NAMES } from '@gatekeeper/texts';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test-support/metadata';
import { adoptGameNames, useGameNames } from './game-names';

const ClassName = ({ id, fallback }: { id: number; fallback?: string }) => {
  const name = useGameNames('classes');
  return <p>{name(id, fallback)}</p>;
};

describe('useGameNames', () => {
  // Not the test i18n, which adopts every language's names: here only Russian's are adopted, as a
  // Russian pre-rendered page would, and Lithuanian's must be fetched.
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
    adoptGameNames('ru', GAME_NAMES.ru);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('names a thing by id in the page language, else by the answer’s name, else by its id', async () => {
    await i18next.changeLanguage('ru');
    render(
      <>
        <ClassName id={90} />
        <ClassName id={9999} fallback="Custom Class" />
        <ClassName id={9998} />
      </>,
    );
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      'Рыцарь Феникса',
      'Custom Class',
      '#9998',
    ]);
  });

  it('fetches only its own language’s table of that kind, once, when the page was not rendered with it', async () => {
    const fetch = vi.fn(async (_path: string) => jsonResponse({ '90': 'Fenikso riteris' }));
    vi.stubGlobal('fetch', fetch);
    await i18next.changeLanguage('lt');
    // As a page the browser renders itself: the component suspends until the table has come.
    await act(async () => {
      render(
        <Suspense fallback={<p>…</p>}>
          <ClassName id={90} />
          <ClassName id={92} fallback="Sagittarius" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Fenikso riteris')).toBeInTheDocument();
    expect(await screen.findByText('Sagittarius')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/locales/lt/classes.json']);
  });
});
