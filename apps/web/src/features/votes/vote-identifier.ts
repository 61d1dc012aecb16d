import { COOKIES, type VoteSite, voteIdOf } from '@gatekeeper/contract/lite';

export const readCharNameCookie = (): string => {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIES.charName.name}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIES.charName.name.length + 1)) : '';
};

export const writeCharNameCookie = (name: string): void => {
  const maxAge = Math.floor(COOKIES.charName.maxAgeMs / 1000);
  document.cookie = `${COOKIES.charName.name}=${encodeURIComponent(name)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
};

/**
 * A vote site's link for this visitor: the character name, else the IPv4 where the site takes
 * either; the character's vote id where the site is polled by vote id.
 */
export const voteLink = (site: VoteSite, charName: string, ipv4: string): string => {
  if (site.identifier === 'none') return site.url;
  const identifier =
    site.identifier === 'voteId' ? voteIdOf(charName) : site.identifier === 'charName' ? charName : charName || ipv4;
  return site.url.replace('{id}', encodeURIComponent(identifier));
};
