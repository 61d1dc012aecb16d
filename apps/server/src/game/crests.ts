import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import decodeDxt from 'decode-dxt';
import type { Kysely } from 'kysely';
import parseDds from 'parse-dds';
import { PNG } from 'pngjs';
import type { GameDatabase } from '../db/tables';
import type { GameSchema } from './schema-check';

/** L2J's crests.type of a clan's small crest (docs/game/crests.md). */
const CLAN_CREST_TYPE = 1;
/** No crest the client sends is larger (a large crest is 2,176 bytes with its header). */
const LARGEST_CREST_BYTES = 16_384;
/** Wider or higher than any crest of the game: refused rather than decoded. */
const LARGEST_SIDE = 256;
const DDS_FORMATS = new Set(['dxt1', 'dxt3', 'dxt5']);

/**
 * A DDS picture as PNG (docs/game/crests.md): its header read by parse-dds, its first picture
 * (DXT1, or DXT3/DXT5) decoded by decode-dxt into RGBA, written by pngjs. Undefined for bytes that
 * are no such picture (a damaged file, another format), so the page shows the plain emblem.
 */
export const ddsToPng = (dds: Uint8Array): Buffer | undefined => {
  if (dds.byteLength < 128 || dds.byteLength > LARGEST_CREST_BYTES) return undefined;
  // parse-dds reads 32-bit words: the bytes go into an ArrayBuffer of their own, aligned.
  const bytes = new Uint8Array(dds).buffer;
  try {
    const info = parseDds(bytes);
    const image = info.images[0];
    const format = String(info.format);
    if (!image || !DDS_FORMATS.has(format)) return undefined;
    const [width, height] = image.shape;
    const aligned = width % 4 === 0 && height % 4 === 0;
    if (!aligned || width < 4 || height < 4 || width > LARGEST_SIDE || height > LARGEST_SIDE) return undefined;
    if (image.offset + image.length > bytes.byteLength) return undefined;
    const rgba = decodeDxt(new DataView(bytes, image.offset, image.length), width, height, format);
    const png = new PNG({ width, height });
    png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    return PNG.sync.write(png);
  } catch {
    return undefined;
  }
};

/** Where a flavour keeps its crests: L2J in its game database, aCis in the game server's data/crests folder. */
export interface CrestSource {
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasCrests'>;
  /** aCis: the game server's crest folder (settings clans.crestFolder); empty when not set. */
  crestFolder: string;
}

/**
 * A clan crest's DDS bytes, or undefined when the game keeps none under that id (or the site
 * cannot reach them: no crests table, no folder set, a file missing).
 */
export const readClanCrest = async (source: CrestSource, crestId: number): Promise<Uint8Array | undefined> => {
  if (!Number.isInteger(crestId) || crestId <= 0) return undefined;
  if (source.schema.flavor.name === 'acis') {
    if (!source.crestFolder) return undefined;
    // aCis's CrestCache names a clan's crest Crest_<id>.dds (its large one LargeCrest_, an alliance's AllyCrest_).
    return readFile(join(source.crestFolder, `Crest_${crestId}.dds`)).catch(() => undefined);
  }
  if (!source.schema.hasCrests) return undefined;
  const row = await source.game
    .selectFrom('crests')
    .select('data')
    .where('crest_id', '=', crestId)
    .where('type', '=', CLAN_CREST_TYPE)
    .executeTakeFirst();
  return row ? new Uint8Array(row.data) : undefined;
};
