import { GAME_NAMES } from '@gatekeeper/texts';

/**
 * Boss names by NPC id. The game database keeps only the id (grandboss_data.boss_id,
 * raidboss_spawnlist.boss_id); the names live in the client and the datapack's NPC XML. The
 * English table of the texts package (game-names/en/bosses.json, decision 047) holds the bosses of
 * the two chronicles the site serves: the raid bosses listed (or commented out) in aCis's and L2J
 * Server's raidboss_spawnlist.sql, and the grand bosses of their grandboss_data.sql
 * (docs/game/world.md). The answers carry these English names; the page shows the name in its
 * language by id. A boss a pack adds shows as its id (bossName).
 */
export const BOSS_NAMES: Readonly<Record<number, string>> = GAME_NAMES.en.bosses;

/** The boss's name, or "#id" for a boss of a custom pack the table does not know. */
export const bossName = (id: number): string => BOSS_NAMES[id] ?? `#${id}`;
