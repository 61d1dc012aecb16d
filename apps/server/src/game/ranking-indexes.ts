/**
 * The indexes a big server should add for the rankings (docs/owner/rankings.md): the site never
 * changes the game's tables itself. `npm run bench` times every list with and without them.
 * Each lets a ranking walk the column's index to its top rows instead of sorting the table.
 */
export const RANKING_INDEXES = [
  'CREATE INDEX event_stats_score ON event_stats (score)',
  'CREATE INDEX event_stats_assists ON event_stats (assists)',
  // Kills, and the K/D cut read from the index alone.
  'CREATE INDEX event_stats_kills_deaths ON event_stats (kills, deaths)',
  'CREATE INDEX event_stats_deaths ON event_stats (deaths)',
  'CREATE INDEX event_stats_event_seconds ON event_stats (event_seconds)',
  // Without event_stats: Score by PvP kills, and Kills (PvP + PK) bounded by both.
  'CREATE INDEX characters_pvpkills ON characters (pvpkills)',
  'CREATE INDEX characters_pkkills ON characters (pkkills)',
] as const;
