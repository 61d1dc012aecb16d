import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accept-encoding';
import { COMPRESS_THRESHOLD, encodeAnswer } from './encoded-answer';

describe('acceptsEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip, deflate, br', 'gzip', true],
    ['gzip, deflate', 'br', false],
    ['BR', 'br', true],
    ['br;q=0, gzip', 'br', false],
    ['br;q=0.5', 'br', true],
    ['br ; q=0.0', 'br', false],
    ['*', 'gzip', true],
    ['identity', 'gzip', false],
    ['', 'gzip', false],
    [undefined, 'br', false],
  ] as const)('%j accepts %s: %s', (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });
});

describe('encodeAnswer', () => {
  it('keeps a short answer as text only', async () => {
    expect(await encodeAnswer('[]')).toEqual({ json: '[]' });
  });

  it('adds Brotli and gzip bytes that decompress to the same JSON', async () => {
    const json = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => ({ name: `Hero${i}`, value: 1000 - i, clan: '' })),
    );
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESS_THRESHOLD);
    const answer = await encodeAnswer(json);
    expect(brotliDecompressSync(answer.br!).toString('utf8')).toBe(json);
    expect(gunzipSync(answer.gzip!).toString('utf8')).toBe(json);
    expect(answer.br!.length).toBeLessThan(json.length / 3);
  });
});
