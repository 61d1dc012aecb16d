import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NavLink, Navigate, toHref, useLocation } from './navigation';

const Where = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
};

const at = (path: string, children: React.ReactNode) => {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      {children}
      <Where />
    </Router>,
  );
  return location;
};

describe('navigation', () => {
  afterEach(cleanup);

  it('writes an address from its parts, adding ? and # where missing', () => {
    expect(toHref('/ru/registratsiya')).toBe('/ru/registratsiya');
    expect(toHref({ pathname: '/', search: 'a=1', hash: 'top' })).toBe('/?a=1#top');
    expect(toHref({ pathname: '/', search: '?a=1', hash: '' })).toBe('/?a=1');
  });

  it('marks the link of the current page, and of pages below it unless told to match exactly', () => {
    at(
      '/statistics/score/',
      <>
        <NavLink to="/statistics/score">Score</NavLink>
        <NavLink to="/statistics">Statistics</NavLink>
        <NavLink to="/statistics" end>
          Exactly statistics
        </NavLink>
        <NavLink to="/downloads" className="menu">
          Downloads
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Score' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Score' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Exactly statistics' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Downloads' })).toHaveAttribute('class', 'menu');
    expect(screen.getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/downloads');
  });

  it('follows a link without leaving the page, and moves the mark', async () => {
    at('/', <NavLink to="/downloads">Downloads</NavLink>);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Downloads' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/downloads');
    expect(screen.getByRole('link', { name: 'Downloads' })).toHaveAttribute('aria-current', 'page');
  });

  it('Navigate replaces the address instead of adding to the history', async () => {
    const location = at('/old', <Navigate to={{ pathname: '/notfound', search: 'x=1' }} />);
    await act(async () => undefined);
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/notfound?x=1');
    expect(location.history).toEqual(['/notfound?x=1']);
  });
});
