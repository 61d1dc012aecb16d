/**
 * The per-player vote id of the sites polled by vote id (L2JBrasil's `player_id`): the vote link
 * carries it and the claim asks the site for it, so a vote counts whatever address the player
 * votes from (IPv6, carrier-grade NAT, a phone on mobile data). It is the character name,
 * trimmed and lower-cased (names are unique whatever their case), as hexadecimal UTF-8: only
 * letters and digits, which every site accepts, and the same in the browser and on the server.
 */
export const voteIdOf = (charName: string): string =>
  Array.from(new TextEncoder().encode(charName.trim().toLowerCase()), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
