import { COOKIES, type VoteSite, voteIdOf } from '@gatekeeper/contract/lite';

const readCookie = (cookie: { name: string }): string => {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${cookie.name}=`));
  return entry ? decodeURIComponent(entry.slice(cookie.name.length + 1)) : '';
};

const writeCookie = (cookie: { name: string; maxAgeMs: number }, value: string): void => {
  const maxAge = Math.floor(cookie.maxAgeMs / 1000);
  document.cookie = `${cookie.name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
};

export const readCharNameCookie = (): string => readCookie(COOKIES.charName);

export const writeCharNameCookie = (name: string): void => writeCookie(COOKIES.charName, name);

/** The vote reward character's realm (its slug), empty when none was chosen. */
export const readVoteRealmCookie = (): string => readCookie(COOKIES.voteRealm);

export const writeVoteRealmCookie = (realm: string): void => writeCookie(COOKIES.voteRealm, realm);

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
