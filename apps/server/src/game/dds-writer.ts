/**
 * DDS pictures as the game client sends crests (docs/game/crests.md): a 128-byte header ("DDS ",
 * then the 124-byte DDS_HEADER) and DXT1 blocks. For the demo world's crests and the tests only:
 * the site itself only reads crests.
 */

/** A pixel: an RGB565 colour, or null for a transparent one. */
export type Rgb565Pixel = number | null;

const HEADER_BYTES = 128;

/**
 * A DXT1 DDS of `width` × `height` (multiples of 4) from `pixel(x, y)`. Each 4×4 block may hold at
 * most two colours and transparent pixels: it is written in DXT1's three-colour mode (colour 0 ≤
 * colour 1), where index 0 and 1 are the two colours and index 3 is transparent black.
 */
export const dxt1Dds = (width: number, height: number, pixel: (x: number, y: number) => Rgb565Pixel): Buffer => {
  if (width % 4 !== 0 || height % 4 !== 0) throw new Error('DXT1 sides are multiples of 4');
  const blocks = (width / 4) * (height / 4);
  const bytes = Buffer.alloc(HEADER_BYTES + blocks * 8);
  bytes.write('DDS ', 0, 'latin1');
  bytes.writeUInt32LE(124, 4); // dwSize
  bytes.writeUInt32LE(0x1 | 0x2 | 0x4 | 0x1000 | 0x80000, 8); // CAPS, HEIGHT, WIDTH, PIXELFORMAT, LINEARSIZE
  bytes.writeUInt32LE(height, 12);
  bytes.writeUInt32LE(width, 16);
  bytes.writeUInt32LE(blocks * 8, 20); // the picture's bytes
  bytes.writeUInt32LE(32, 76); // DDS_PIXELFORMAT.dwSize
  bytes.writeUInt32LE(0x4, 80); // DDPF_FOURCC
  bytes.write('DXT1', 84, 'latin1');
  bytes.writeUInt32LE(0x1000, 108); // DDSCAPS_TEXTURE
  let offset = HEADER_BYTES;
  for (let by = 0; by < height; by += 4) {
    for (let bx = 0; bx < width; bx += 4) {
      const colours = new Set<number>();
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 4; x++) {
          const value = pixel(bx + x, by + y);
          if (value !== null) colours.add(value);
        }
      if (colours.size > 2) throw new Error(`the block at ${bx},${by} has more than two colours`);
      const [first = 0, second = first] = [...colours].sort((a, b) => a - b);
      let indices = 0;
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 4; x++) {
          const value = pixel(bx + x, by + y);
          const index = value === null ? 3 : value === first ? 0 : 1;
          indices |= index << (2 * (y * 4 + x));
        }
      bytes.writeUInt16LE(first, offset);
      bytes.writeUInt16LE(second, offset + 2);
      bytes.writeUInt32LE(indices >>> 0, offset + 4);
      offset += 8;
    }
  }
  return bytes;
};
