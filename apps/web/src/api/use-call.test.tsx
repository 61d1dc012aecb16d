import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test-support/metadata';
import { PageAnswersProvider } from './page-answers';
import { useRetryableCall } from './use-call';

/** What the hook gives, as text: the names of the bosses, loading or failed. */
const Bosses = () => {
  const { value, failed } = useRetryableCall('getBosses');
  return <p>{failed ? 'failed' : value === undefined ? 'loading' : value.map((boss) => boss.name).join(', ')}</p>;
};

const boss = (name: string) => ({ id: 1, name, kind: 'grand' as const, alive: true });

describe('useRetryableCall on a pre-rendered page (decision 040)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts from the page's answer in its first render, then takes the call's answer", async () => {
    let answer = (_: Response) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const page = (
      <PageAnswersProvider answers={{ getBosses: [boss('Antharas')] }}>
        <Bosses />
      </PageAnswersProvider>
    );
    // The server's render and the browser's first one (hydration) show the same rows.
    expect(renderToString(page)).toBe('<p>Antharas</p>');
    render(page);
    expect(screen.getByText('Antharas')).toBeInTheDocument();
    answer(jsonResponse([boss('Antharas'), boss('Valakas')]));
    expect(await screen.findByText('Antharas, Valakas')).toBeInTheDocument();
  });

  it("keeps the page's answer when the call fails", async () => {
    const fetch = vi.fn(async () => jsonResponse({ error: 'down' }, 500));
    vi.stubGlobal('fetch', fetch);
    render(
      <PageAnswersProvider answers={{ getBosses: [boss('Baium')] }}>
        <Bosses />
      </PageAnswersProvider>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByText('Baium')).toBeInTheDocument();
  });

  it('loads as before without an answer of its call in the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([boss('Zaken')])),
    );
    render(
      <PageAnswersProvider answers={{ getKillsStatistics: [] }}>
        <Bosses />
      </PageAnswersProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Zaken')).toBeInTheDocument();
  });
});
