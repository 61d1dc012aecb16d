import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Metadata } from '@gatekeeper/contract/lite';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '../../shared/site-data';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse as json, testMetadata } from '../../test-support/metadata';
import { VotePanel } from './vote-panel';

const VOTE_SITES: Metadata['voteSites'] = [
  {
    name: 'L2TopZone',
    banner: '/images/vote/l2topzone.svg',
    url: 'https://l2topzone.com/vote/id/1/{id}',
    identifier: 'any',
  },
  {
    name: 'MMOTOP',
    banner: '/images/vote/mmotop.svg',
    url: 'https://l2.mmotop.ru/v?charname={id}',
    identifier: 'charName',
  },
];

const METADATA = testMetadata({ coinsName: 'Donation Coin', coinsPerEuro: 100, voteSites: VOTE_SITES });
const REALM_FACTS = { chronicle: 'Interlude', rates: {}, openingDate: null };
/** Two realms (decision 049): the second lists its own vote site. */
const TWO_REALMS = testMetadata({
  voteSites: VOTE_SITES,
  realms: [
    { id: 1, slug: 'low', name: 'Bartz x5', ...REALM_FACTS },
    {
      id: 2,
      slug: 'high',
      name: 'Sieghardt x50',
      ...REALM_FACTS,
      voteSites: [
        {
          name: 'L2Network',
          banner: '/images/vote/l2network.svg',
          url: 'https://l2network.example/high/{id}',
          identifier: 'any',
          rewarded: 'onClaim',
        },
      ],
    },
  ],
});
let metadata = METADATA;

/**
 * The site's answers: the game knows DemoKnight; `failCheck` makes ischaracterexist fail, with a
 * fault (500) or with its database unreachable (503).
 */
let failCheck: false | 'fault' | 'unavailable' = false;
const checked: string[] = [];
const fakeFetch = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  switch (url.pathname) {
    case '/sdk/getmetadata':
      return json(metadata);
    case '/sdk/getserverstatus':
      return json({ loginStatus: { type: 'offline', color: 'red' }, gameStatus: { type: 'offline', color: 'red' } });
    case '/sdk/getipaddress':
      return new Response('10.1.2.3', { headers: { 'content-type': 'text/plain' } });
    case '/sdk/ischaracterexist': {
      const name = url.searchParams.get('name') ?? '';
      const realm = url.searchParams.get('realm');
      checked.push(realm === null ? name : `${realm}:${name}`);
      if (failCheck === 'unavailable') return json(['serviceUnavailable'], 503);
      if (failCheck) return json(['ServerError'], 500);
      // DemoKnight lives in the first realm, HighHero in the second.
      return json(name.toLowerCase() === (realm === 'high' ? 'highhero' : 'demoknight'));
    }
    default:
      return json({ error: 'not found' }, 404);
  }
});

const clearCookies = () => {
  for (const entry of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${entry.split('=')[0]}=; Max-Age=0; Path=/`;
  }
};

const renderPanel = async () => {
  render(
    <SiteDataProvider>
      <DialogProvider>
        <VotePanel />
      </DialogProvider>
    </SiteDataProvider>,
  );
  const panel = await screen.findByRole('region', { name: 'Vote for us' });
  // The IPv4 has arrived once the vote link carries it (or the saved name).
  await waitFor(() =>
    expect(
      within(panel)
        .getByRole('link', { name: /L2TopZone/ })
        .getAttribute('href'),
    ).not.toMatch(/\/$/),
  );
  return { panel, user: userEvent.setup() };
};

const dialog = () => screen.getByRole('dialog', { hidden: true });

describe('the vote panel', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeFetch);
    clearCookies();
    failCheck = false;
    checked.length = 0;
    metadata = METADATA;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads Apply without a saved name and puts the IPv4 in the links that take it', async () => {
    const { panel } = await renderPanel();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /L2TopZone/ })).toHaveAttribute(
      'href',
      'https://l2topzone.com/vote/id/1/10.1.2.3',
    );
    expect(within(panel).getByRole('link', { name: /MMOTOP/ })).toHaveAttribute(
      'href',
      'https://l2.mmotop.ru/v?charname=',
    );
  });

  it('checks a new name, saves it for 90 days in the charName cookie and then reads Change', async () => {
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    const { panel, user } = await renderPanel();
    await user.type(within(panel).getByLabelText('Vote reward character'), 'DemoKnight');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('Your vote reward character name set to: DemoKnight'));
    expect(checked).toEqual(['DemoKnight']);
    expect(within(dialog()).getByRole('heading')).toHaveTextContent('Success');
    expect(cookieWrites).toEqual([`charName=DemoKnight; Max-Age=${90 * 24 * 3600}; Path=/; SameSite=Lax`]);
    expect(document.cookie).toContain('charName=DemoKnight');
    expect(within(panel).getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /L2TopZone/ })).toHaveAttribute(
      'href',
      'https://l2topzone.com/vote/id/1/DemoKnight',
    );
    expect(within(panel).getByRole('link', { name: /MMOTOP/ })).toHaveAttribute(
      'href',
      'https://l2.mmotop.ru/v?charname=DemoKnight',
    );
  });

  it('starts from the saved name, and accepts it unchanged without asking the server', async () => {
    document.cookie = 'charName=DemoKnight; Path=/';
    const { panel, user } = await renderPanel();
    expect(within(panel).getByLabelText('Vote reward character')).toHaveValue('DemoKnight');
    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('Your vote reward character name set to: DemoKnight'));
    expect(checked).toEqual([]);
  });

  it('accepts an empty name without a check: the links fall back to the IPv4', async () => {
    document.cookie = 'charName=DemoKnight; Path=/';
    const { panel, user } = await renderPanel();
    await user.clear(within(panel).getByLabelText('Vote reward character'));
    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('Your vote reward character name set to: 10.1.2.3'));
    expect(checked).toEqual([]);
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /L2TopZone/ })).toHaveAttribute(
      'href',
      'https://l2topzone.com/vote/id/1/10.1.2.3',
    );
  });

  it('keeps the saved name when the character does not exist', async () => {
    document.cookie = 'charName=DemoKnight; Path=/';
    const { panel, user } = await renderPanel();
    const input = within(panel).getByLabelText('Vote reward character');
    await user.clear(input);
    await user.type(input, 'NoSuchHero');
    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('There is no character with this name.'));
    expect(within(dialog()).getByRole('heading')).toHaveTextContent('Error');
    expect(checked).toEqual(['NoSuchHero']);
    expect(document.cookie).toContain('charName=DemoKnight');
    expect(within(panel).getByRole('link', { name: /L2TopZone/ })).toHaveAttribute(
      'href',
      'https://l2topzone.com/vote/id/1/DemoKnight',
    );
  });

  it('shows ServerError and keeps the saved name when the check fails', async () => {
    failCheck = 'fault';
    const { panel, user } = await renderPanel();
    await user.type(within(panel).getByLabelText('Vote reward character'), 'DemoKnight');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('Something went wrong on our side.'));
    expect(document.cookie).not.toContain('charName=DemoKnight');
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('asks to try again in a minute when the game database is unreachable (503)', async () => {
    failCheck = 'unavailable';
    const { panel, user } = await renderPanel();
    await user.type(within(panel).getByLabelText('Vote reward character'), 'DemoKnight');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('The service is temporarily unavailable.'));
    expect(document.cookie).not.toContain('charName=DemoKnight');
  });

  it('ignores a second submit while the check is pending', async () => {
    const { panel, user } = await renderPanel();
    let release: (value: Response) => void = () => undefined;
    fakeFetch.mockImplementationOnce(async (input) => {
      if (!String(input).includes('ischaracterexist')) throw new Error(`unexpected ${String(input)}`);
      checked.push('pending');
      return new Promise<Response>((resolve) => (release = resolve));
    });
    await user.type(within(panel).getByLabelText('Vote reward character'), 'DemoKnight');
    const button = within(panel).getByRole('button', { name: 'Apply' });
    await user.click(button);
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    release(new Response('true', { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(dialog()).toHaveTextContent('DemoKnight'));
    expect(checked).toEqual(['pending']);
  });

  it('has no realm choice on a site of one realm', async () => {
    const { panel } = await renderPanel();
    expect(within(panel).queryByRole('combobox', { name: 'Game server' })).toBeNull();
  });

  it("asks the realm first on a site of several, checks the name there and shows that realm's own sites", async () => {
    metadata = TWO_REALMS;
    const { panel, user } = await renderPanel();
    const realm = within(panel).getByRole('combobox', { name: 'Game server' });
    expect(realm).toHaveValue('low');
    expect(
      within(realm)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bartz x5', 'Sieghardt x50']);
    await user.selectOptions(realm, 'Sieghardt x50');
    await user.type(within(panel).getByLabelText('Vote reward character'), 'DemoKnight');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    // DemoKnight is not a character of the second realm: refused, nothing saved.
    await waitFor(() => expect(dialog()).toHaveTextContent('There is no character with this name.'));
    expect(document.cookie).not.toContain('charName=DemoKnight');
    await user.click(within(dialog()).getByRole('button'));
    const input = within(panel).getByLabelText('Vote reward character');
    await user.clear(input);
    await user.type(input, 'HighHero');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(dialog()).toHaveTextContent('Your vote reward character name set to: HighHero'));
    expect(checked).toEqual(['high:DemoKnight', 'high:HighHero']);
    expect(document.cookie).toContain('voteRealm=high');
    // The second realm's own site, its link carrying the name; the site-wide ones are not its.
    expect(within(panel).getByRole('link', { name: /L2Network/ })).toHaveAttribute(
      'href',
      'https://l2network.example/high/HighHero',
    );
    expect(within(panel).queryByRole('link', { name: /L2TopZone/ })).toBeNull();
    expect(await within(panel).findByText(/they go to HighHero on Sieghardt x50/)).toBeInTheDocument();
  });
});
