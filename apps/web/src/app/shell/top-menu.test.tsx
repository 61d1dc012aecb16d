import br from '@gatekeeper/texts/locales/br.json';
import es from '@gatekeeper/texts/locales/es.json';
import gr from '@gatekeeper/texts/locales/gr.json';
import lt from '@gatekeeper/texts/locales/lt.json';
import ru from '@gatekeeper/texts/locales/ru.json';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES, STATISTICS_LANDING, STATISTICS_ROUTES, getHref } from '../../i18n/routes';
import { initTestI18n } from '../../test-support/i18n';
import { TopMenu } from './top-menu';

const at = (path: string) => {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <TopMenu />
    </Router>,
  );
  return location;
};

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const toggle = () => within(menu()).getByRole('button', { name: 'Menu' });

describe('the top menu', () => {
  beforeAll(async () => {
    await initTestI18n();
    for (const [language, texts] of Object.entries({ ru, gr, es, br, lt })) {
      i18next.addResourceBundle(language, 'translation', texts);
    }
  });
  afterEach(cleanup);

  it('is a disclosure: the button says whether the links are shown and which list it controls', async () => {
    at('/');
    const button = toggle();
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(within(list!).getByRole('link', { name: 'Downloads' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toHaveAttribute('data-open');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveAttribute('data-open');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    at('/');
    const user = userEvent.setup();
    await user.click(toggle());
    await user.tab();
    expect(within(menu()).getByRole('link', { name: /^Home$/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes when one of its links is followed', async () => {
    const location = at('/');
    const user = userEvent.setup();
    await user.click(toggle());
    await user.click(within(menu()).getByRole('link', { name: 'Downloads' }));
    expect(location.history?.at(-1)).toBe('/downloads');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(ACCOUNT_ROUTES)('marks Account tools on the account page %s', (id) => {
    at(getHref(id, 'en'));
    const account = within(menu()).getByRole('link', { name: 'Account tools' });
    expect(account).toHaveClass('active');
    expect(account).toHaveAttribute('aria-current', id === 'register' ? 'page' : 'true');
    expect(within(menu()).getByRole('link', { name: 'Statistics' })).not.toHaveAttribute('aria-current');
  });

  it.each(STATISTICS_ROUTES)('marks Statistics on the statistics page %s', (id) => {
    at(getHref(id, 'en'));
    const statistics = within(menu()).getByRole('link', { name: 'Statistics' });
    expect(statistics).toHaveClass('active');
    expect(statistics).toHaveAttribute('aria-current', id === STATISTICS_LANDING ? 'page' : 'true');
    expect(within(menu()).getByRole('link', { name: 'Account tools' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['en', '/shop', 'Shop'],
    ['ru', '/ru/magazin', 'Магазин'],
    ['gr', '/gr/katastima', 'Κατάστημα'],
    ['es', '/es/tienda', 'Tienda'],
    ['br', '/br/loja', 'Loja'],
    ['lt', '/lt/parduotuve', 'Parduotuvė'],
  ] as const)('has the shop in %s, reached by the keyboard and marked on its page', async (language, path, name) => {
    await i18next.changeLanguage(language);
    try {
      at(path);
      const nav = screen.getByRole('navigation', { name: i18next.t('menu.label') });
      const shop = within(nav).getByRole('link', { name });
      expect(shop).toHaveAttribute('href', getHref('shop', language));
      expect(shop).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: i18next.t('menu.donate') })).not.toHaveAttribute('aria-current');
      const user = userEvent.setup();
      await user.click(within(nav).getByRole('button', { name: i18next.t('menu.button') }));
      for (let step = 0; step < 20 && document.activeElement !== shop; step += 1) await user.tab();
      expect(shop).toHaveFocus();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
