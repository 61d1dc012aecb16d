import { TextDecoder } from 'node:util';

/**
 * A PayPal notification body is form-encoded in the charset the PayPal account is set to
 * (windows-1252 by default, UTF-8 when the owner chose it), named by its own `charset` field.
 * URLSearchParams would read every escape as UTF-8, so the escapes are decoded to bytes first.
 */

/** windows-1252's 0x80-0x9F (0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned and stay as they are). */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/**
 * Node 20's TextDecoder reads windows-1252 as ISO-8859-1 (0x80 is not €), so that one, the
 * default of PayPal accounts, is decoded here; other charsets by TextDecoder.
 */
const decodeWindows1252 = (bytes: Buffer): string =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte)))
    .join('');

const decoderFor = (charset: string): ((bytes: Buffer) => string) => {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset.trim() || 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // The WHATWG labels latin1, iso-8859-1 and ascii all mean windows-1252.
  if (decoder.encoding === 'windows-1252') return decodeWindows1252;
  return (bytes) => decoder.decode(bytes);
};

const percentDecodeToBytes = (text: string): Buffer => {
  const bytes: number[] = [];
  const plain = text.replace(/\+/g, ' ');
  for (let index = 0; index < plain.length; index += 1) {
    const char = plain[index]!;
    const hex = plain.slice(index + 1, index + 3);
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      // The body is read as latin1, one character per byte: keep the byte.
      bytes.push(char.charCodeAt(0));
    }
  }
  return Buffer.from(bytes);
};

/** The fields of a notification body; a repeated name keeps its first value. */
export const parseIpnBody = (raw: Buffer): Record<string, string> => {
  const pairs = raw
    .toString('latin1')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at === -1 ? ([pair, ''] as const) : ([pair.slice(0, at), pair.slice(at + 1)] as const);
    });
  const charsetPair = pairs.find(([name]) => name === 'charset');
  const decode = decoderFor(charsetPair ? percentDecodeToBytes(charsetPair[1]).toString('latin1') : 'utf-8');
  const fields = new Map<string, string>();
  for (const [name, value] of pairs) {
    const key = decode(percentDecodeToBytes(name));
    if (!fields.has(key)) fields.set(key, decode(percentDecodeToBytes(value)));
  }
  return Object.fromEntries(fields);
};
