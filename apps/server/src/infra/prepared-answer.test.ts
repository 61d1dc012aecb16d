import { describe, expect, it } from 'vitest';
import { ifNoneMatchHolds } from './prepared-answer';

describe('If-None-Match against the current ETag (RFC 9110 13.1.2, weak comparison)', () => {
  const etag = '"abc123"';

  it('holds for the tag itself, weak or strong, alone or in a list, and for *', () => {
    expect(ifNoneMatchHolds('"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('"old", W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('"old",  "abc123" ,"older"', etag)).toBe(true);
    expect(ifNoneMatchHolds('*', etag)).toBe(true);
    expect(ifNoneMatchHolds(' * ', etag)).toBe(true);
    expect(ifNoneMatchHolds('"abc123"', 'W/"abc123"')).toBe(true);
  });

  it('does not hold for a stale, foreign, partial or malformed tag', () => {
    expect(ifNoneMatchHolds('"old"', etag)).toBe(false);
    expect(ifNoneMatchHolds('"old", W/"older"', etag)).toBe(false);
    expect(ifNoneMatchHolds('abc123', etag)).toBe(false);
    expect(ifNoneMatchHolds('"abc12"', etag)).toBe(false);
    expect(ifNoneMatchHolds('"abc123', etag)).toBe(false);
    expect(ifNoneMatchHolds('""', etag)).toBe(false);
    expect(ifNoneMatchHolds('', etag)).toBe(false);
    expect(ifNoneMatchHolds('"*"', etag)).toBe(false);
    expect(ifNoneMatchHolds('*, "old"', etag)).toBe(false);
  });
});
