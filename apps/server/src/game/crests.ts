import { open } from 'node:fs/promises';
import { join } from 'node:path';
import decodeDxt from 'decode-dxt';
import type { Kysely } from 'kysely';
import { PNG } from 'pngjs';
import type { GameDatabase } from '../db/tables';
import type { GameSchema } from './schema-check';

/** L2J's crests.type of a clan's small crest (docs/game/crests.md). */
const CLAN_CREST_TYPE = 1;
/** No crest the client sends is larger (a large crest is 2,176 bytes with its header). */
const LARGEST_CREST_BYTES = 16_384;
/** Wider or higher than any crest of the game: refused rather than decoded. */
const LARGEST_SIDE = 256;
/** "DDS " and the 124-byte DDS_HEADER; the first picture starts right after them. */
const HEADER_BYTES = 128;
const DDPF_FOURCC = 0x4;
/** Bytes of one 4×4 block in each format decode-dxt reads. */
const BLOCK_BYTES: Record<string, number> = { DXT1: 8, DXT3: 16, DXT5: 16 };

/** What a DDS header says of its first picture, once every number in it is checked. */
export interface CrestPicture {
  format: 'dxt1' | 'dxt3' | 'dxt5';
  width: number;
  height: number;
  /** The first picture's bytes, right after the header. */
  length: number;
}

/**
 * The first picture a DDS header describes, read field by field from the header alone
 * (docs/game/crests.md#the-picture-dds-with-dxt1): undefined unless it is a DXT1/3/5 picture of
 * sides that are multiples of 4 up to 256 pixels whose bytes are all there. Nothing else of the
 * header is believed: mipmap counts, depth and cube-map flags are never read, so no header can
 * make the site loop or allocate more than one crest's picture.
 */
export const crestPicture = (dds: Uint8Array): CrestPicture | undefined => {
  if (dds.byteLength < HEADER_BYTES || dds.byteLength > LARGEST_CREST_BYTES) return undefined;
  const view = new DataView(dds.buffer, dds.byteOffset, dds.byteLength);
  const text = (offset: number) => String.fromCharCode(...dds.subarray(offset, offset + 4));
  if (text(0) !== 'DDS ' || view.getUint32(4, true) !== 124 || view.getUint32(76, true) !== 32) return undefined;
  if ((view.getUint32(80, true) & DDPF_FOURCC) === 0) return undefined;
  const fourCc = text(84);
  const blockBytes = BLOCK_BYTES[fourCc];
  if (blockBytes === undefined) return undefined;
  const height = view.getUint32(12, true);
  const width = view.getUint32(16, true);
  const sideOk = (side: number) => side >= 4 && side <= LARGEST_SIDE && side % 4 === 0;
  if (!sideOk(width) || !sideOk(height)) return undefined;
  const length = (width / 4) * (height / 4) * blockBytes;
  if (HEADER_BYTES + length > dds.byteLength) return undefined;
  return { format: fourCc.toLowerCase() as CrestPicture['format'], width, height, length };
};

/**
 * A DDS picture as PNG (docs/game/crests.md): its header checked by crestPicture, its first
 * picture (DXT1, or DXT3/DXT5) decoded by decode-dxt into RGBA, written by pngjs. Undefined for
 * bytes that are no such picture (a damaged or crafted file, another format), so the page shows
 * the plain emblem. At most 256 × 256 pixels: a few milliseconds of work at worst.
 */
export const ddsToPng = (dds: Uint8Array): Buffer | undefined => {
  const picture = crestPicture(dds);
  if (!picture) return undefined;
  const { width, height, format, length } = picture;
  try {
    // decode-dxt reads 16- and 32-bit words: the picture's bytes are copied into an ArrayBuffer of
    // their own (a Buffer's slice would share a pooled one, at another offset).
    const bytes = Uint8Array.from(dds.subarray(HEADER_BYTES, HEADER_BYTES + length)).buffer;
    const rgba = decodeDxt(new DataView(bytes), width, height, format);
    const png = new PNG({ width, height });
    png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    return PNG.sync.write(png);
  } catch {
    return undefined;
  }
};

/**
 * At most `limit` bytes of a file, and undefined when it is missing or larger: a crest folder is
 * the game's, and a file there of any size must not be read whole.
 */
const readAtMost = async (path: string, limit: number): Promise<Uint8Array | undefined> => {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return undefined;
  try {
    const buffer = Buffer.alloc(limit + 1);
    const { bytesRead } = await file.read(buffer, 0, limit + 1, 0);
    return bytesRead > limit ? undefined : buffer.subarray(0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await file.close();
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
    return readAtMost(join(source.crestFolder, `Crest_${crestId}.dds`), LARGEST_CREST_BYTES);
  }
  if (!source.schema.hasCrests) return undefined;
  const row = await source.game
    .selectFrom('crests')
    .select('data')
    .where('crest_id', '=', crestId)
    .where('type', '=', CLAN_CREST_TYPE)
    .executeTakeFirst();
  return row && row.data.byteLength <= LARGEST_CREST_BYTES ? new Uint8Array(row.data) : undefined;
};
