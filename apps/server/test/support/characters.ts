import { type CharacterRow, characterRow } from '../../src/game/character-row';

/** Character ids far above the demo world's (268,480,000 and up); each suite has its own database. */
let nextCharId = 900_000_000;

/** A characters row of demoplayer's, level 40, with a fresh id; each test names its own characters. */
export const newCharacter = (fields: Partial<CharacterRow> & { char_name: string }): CharacterRow =>
  characterRow({ charId: nextCharId++, account_name: 'demoplayer', level: 40, ...fields });

/** An event_stats row with every count at `value`, so that each event ranking sees the same order. */
export const eventStatsRow = (charId: number, value: number) => ({
  char_id: charId,
  score: value,
  assists: value,
  kills: value,
  deaths: value,
  event_seconds: value,
  updated_at: 0,
});
