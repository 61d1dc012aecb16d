import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { ConsoleTable, ShortId } from './console-table';

type Row = { id: number; slug: string; detail: string; at: string };
const ROWS: Row[] = [
  { id: 1, slug: 'antharas-awakens', detail: 'published 2026-11-27T08:13:57Z [en]', at: '27 Nov 2026, 08:13' },
];

describe('the console table', () => {
  beforeAll(initTestI18n);
  afterEach(cleanup);

  it('keeps each word of an identifier column on one line and wraps only between them', () => {
    const { container } = render(
      <ConsoleTable
        caption="Posts"
        rowKey={(row) => row.id}
        rows={ROWS}
        columns={[
          { id: 'slug', label: 'Address name', render: (row) => row.slug, keepWhole: true },
          { id: 'detail', label: 'Detail', render: (row) => row.detail, keepWhole: true },
          { id: 'at', label: 'When', render: (row) => row.at, oneLine: true },
        ]}
      />,
    );
    const whole = [...container.querySelectorAll('.console__whole')].map((span) => span.textContent);
    expect(whole).toEqual(['antharas-awakens', 'published', '2026-11-27T08:13:57Z', '[en]']);
    // The text reads as it was: the words and the spaces between them.
    expect(screen.getByRole('cell', { name: 'published 2026-11-27T08:13:57Z [en]' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '27 Nov 2026, 08:13' }).className).toBe('console__one-line');
    expect(screen.getByRole('cell', { name: 'antharas-awakens' }).className).toBe('');
  });

  it('shortens a long identifier to its start and end, the whole of it in its title', () => {
    const hash = `vote:${'ab'.repeat(32)}`;
    render(
      <p>
        <ShortId id={hash} /> <ShortId id="paypal:5UA36914TR" />
      </p>,
    );
    expect(screen.getByTitle(hash).textContent).toBe(`vote:abababababa…abab`);
    // Kept on one line: the ellipsis is no place to break it.
    expect(screen.getByTitle(hash).className).toBe('console__whole');
    expect(screen.getByText(/paypal:5UA36914TR/)).toBeTruthy();
  });
});
