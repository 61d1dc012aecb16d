import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crestPicture, ddsToPng } from './crests';
import { dxt1Dds } from './dds-writer';

const crest = () => dxt1Dds(16, 16, (x, y) => ((x + y) % 2 === 0 ? 0xf800 : null));

/** A copy of a good 16×16 crest with some of its header's 32-bit words set. */
const withHeader = (words: Record<number, number>, base: Buffer = crest()): Buffer => {
  const bytes = Buffer.from(base);
  for (const [offset, value] of Object.entries(words)) bytes.writeUInt32LE(value >>> 0, Number(offset));
  return bytes;
};
const MIPMAPS = { flags: 8, mipmapCount: 28, caps: 108 } as const;
const DDSD_MIPMAPCOUNT = 0x20000;
const DDSCAPS_MIPMAP_COMPLEX = 0x400000 | 0x8;

describe('crest headers, checked before any decoder sees them', () => {
  it('reads a crest as the client sends it: 16×16 DXT1, 128 bytes of blocks', () => {
    expect(crestPicture(crest())).toEqual({ format: 'dxt1', width: 16, height: 16, length: 128 });
    const png = PNG.sync.read(ddsToPng(crest())!);
    expect([png.width, png.height]).toEqual([16, 16]);
  });

  it.each([
    ['0x7fffffff mipmaps', 0x7fffffff],
    ['3,000,000 mipmaps', 3_000_000],
    ['0xffffffff mipmaps', 0xffffffff],
  ])('decodes only the first picture of a crest that claims %s', (_name, count) => {
    const crafted = withHeader({
      [MIPMAPS.flags]: crest().readUInt32LE(MIPMAPS.flags) | DDSD_MIPMAPCOUNT,
      [MIPMAPS.mipmapCount]: count,
      [MIPMAPS.caps]: 0x1000 | DDSCAPS_MIPMAP_COMPLEX,
    });
    // The first picture is all there: it is what the game shows, whatever the count says.
    expect(PNG.sync.read(ddsToPng(crafted)!).width).toBe(16);
  });

  it.each([
    ['a width of 0x7fffffff', { 16: 0x7fffffff }],
    ['a height of 0xffffffff', { 12: 0xffffffff }],
    ['sides of 512', { 12: 512, 16: 512 }],
    ['a side of 0', { 16: 0 }],
    ['a side that is no multiple of 4', { 16: 18 }],
    ['sides whose picture is longer than the bytes sent', { 12: 32, 16: 32 }],
    ['a header size other than 124', { 4: 0xffffffff }],
    ['no FourCC flag', { 80: 0 }],
    ['another FourCC (DX10, with its extra header)', { 84: 0x30315844 }],
  ])('refuses %s', (_name, words) => {
    const crafted = withHeader(words);
    expect(crestPicture(crafted)).toBeUndefined();
    expect(ddsToPng(crafted)).toBeUndefined();
  });

  it('refuses bytes that are not DDS, too short, or larger than any crest', () => {
    expect(ddsToPng(Buffer.from('DDS not a picture at all, only text'))).toBeUndefined();
    expect(ddsToPng(crest().subarray(0, 127))).toBeUndefined();
    const huge = Buffer.concat([crest(), Buffer.alloc(20_000)]);
    expect(crestPicture(huge)).toBeUndefined();
    const notDds = Buffer.from(crest());
    notDds.write('PNG ', 0, 'latin1');
    expect(crestPicture(notDds)).toBeUndefined();
  });

  it('decodes the largest picture its byte limit lets through (128×124 DXT5), and nothing larger', () => {
    const dxt5 = (width: number, height: number) => {
      const bytes = Buffer.alloc(128 + (width / 4) * (height / 4) * 16);
      bytes.write('DDS ', 0, 'latin1');
      bytes.writeUInt32LE(124, 4);
      bytes.writeUInt32LE(height, 12);
      bytes.writeUInt32LE(width, 16);
      bytes.writeUInt32LE(32, 76);
      bytes.writeUInt32LE(0x4, 80);
      bytes.write('DXT5', 84, 'latin1');
      return bytes;
    };
    const png = PNG.sync.read(ddsToPng(dxt5(128, 124))!);
    expect([png.width, png.height]).toEqual([128, 124]);
    expect(ddsToPng(dxt5(128, 128))).toBeUndefined();
  });
});
