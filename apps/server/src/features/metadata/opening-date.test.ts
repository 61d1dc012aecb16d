import { metadata } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../settings';
import { presentMetadata } from './metadata';
import { splitOpeningDate } from './opening-date';

describe('splitOpeningDate', () => {
  it('splits a date with a +02:00 offset in its own time zone', () => {
    expect(splitOpeningDate('2027-03-01T18:00:00+02:00')).toEqual({
      dayStr: 'Monday',
      dayNum: 1,
      month: 3,
      year: 2027,
      hour: 18,
      gmt: 2,
      timestamp: Date.UTC(2027, 2, 1, 16, 0, 0),
    });
  });

  it('splits a date with a -05:00 offset', () => {
    expect(splitOpeningDate('2027-03-01T18:00:00-05:00')).toEqual({
      dayStr: 'Monday',
      dayNum: 1,
      month: 3,
      year: 2027,
      hour: 18,
      gmt: -5,
      timestamp: Date.UTC(2027, 2, 1, 23, 0, 0),
    });
  });

  it('splits a UTC date (Z) with gmt 0', () => {
    expect(splitOpeningDate('2027-03-01T18:00:00Z')).toMatchObject({ dayNum: 1, month: 3, hour: 18, gmt: 0 });
  });

  it('keeps the local day when UTC is already the previous day', () => {
    // 00:30 on Monday 1 March at +02:00 is 22:30 on Sunday 28 February in UTC.
    expect(splitOpeningDate('2027-03-01T00:30:00+02:00')).toMatchObject({
      dayStr: 'Monday',
      dayNum: 1,
      month: 3,
      year: 2027,
      hour: 0,
      gmt: 2,
    });
  });

  it('keeps the local day when UTC is already the next day', () => {
    // 23:00 on Monday 1 March at -05:00 is 04:00 on Tuesday 2 March in UTC.
    expect(splitOpeningDate('2027-03-01T23:00:00-05:00')).toMatchObject({
      dayStr: 'Monday',
      dayNum: 1,
      month: 3,
      hour: 23,
      gmt: -5,
    });
  });

  it('keeps the local year across New Year', () => {
    expect(splitOpeningDate('2027-01-01T01:00:00+03:00')).toMatchObject({
      dayStr: 'Friday',
      dayNum: 1,
      month: 1,
      year: 2027,
      hour: 1,
    });
    expect(splitOpeningDate('2026-12-31T22:00:00-03:00')).toMatchObject({
      dayStr: 'Thursday',
      dayNum: 31,
      month: 12,
      year: 2026,
      hour: 22,
    });
  });

  it('answers a fractional gmt for a half-hour offset', () => {
    expect(splitOpeningDate('2027-03-01T18:00:00+05:30')).toMatchObject({ hour: 18, gmt: 5.5 });
  });

  it('answers null for no date and for an unreadable one', () => {
    expect(splitOpeningDate(null)).toBeNull();
    expect(splitOpeningDate('')).toBeNull();
    expect(splitOpeningDate('soon')).toBeNull();
  });
});

describe('presentMetadata', () => {
  it('answers the settings defaults in the contract shape', () => {
    const answer = presentMetadata(parseSettings({}));
    expect(() => metadata.parse(answer)).not.toThrow();
    expect(answer).toMatchObject({
      coinsName: 'Donation Coin',
      coinItemId: 4037,
      coinsPerRef: 10,
      coinsPerEuro: 100,
      chronicle: 'Interlude',
      eventName: 'Team vs Team',
      orderPercent: 50,
      chaosPercent: 50,
      openingDate: { dayNum: 1, month: 11, year: 2025, hour: 18, gmt: 2 },
    });
    expect(answer.voteSites).toHaveLength(10);
  });

  it('says which forms can finish: donations and mail only where their services are set up', () => {
    const closed = presentMetadata(parseSettings({}));
    expect(closed.donation.open).toBe(false);
    expect(closed.sendsMail).toBe(false);
    const open = presentMetadata(parseSettings({}), undefined, undefined, {
      paypalConfigured: true,
      smtpConfigured: true,
    });
    expect(open.donation.open).toBe(true);
    expect(open.sendsMail).toBe(true);
  });

  it('passes the appeal contact of a ban, empty by default', () => {
    expect(presentMetadata(parseSettings({})).legal.appealContact).toBe('');
    const answer = presentMetadata(parseSettings({ legal: { appealContact: 'https://forum.example/appeals' } }));
    expect(answer.legal.appealContact).toBe('https://forum.example/appeals');
  });

  it("answers 'N/A' for an empty chronicle and event name", () => {
    const answer = presentMetadata(parseSettings({ server: { chronicle: '', eventName: '   ' } }));
    expect(answer.chronicle).toBe('N/A');
    expect(answer.eventName).toBe('N/A');
  });

  it('answers a null opening date when none is set', () => {
    expect(presentMetadata(parseSettings({ server: { openingDate: null } })).openingDate).toBeNull();
  });

  it("tells the page the site's time zone, UTC unless the owner sets one", () => {
    expect(presentMetadata(parseSettings({})).timeZone).toBe('UTC');
    expect(presentMetadata(parseSettings({ server: { timeZone: 'Europe/Athens' } })).timeZone).toBe('Europe/Athens');
  });

  it('passes the owner settings through', () => {
    const answer = presentMetadata(
      parseSettings({
        server: { chronicle: 'High Five', orderPercent: 70, chaosPercent: 30 },
        chat: { discordWidgetId: '123456789' },
        social: { facebookPageUrl: 'https://www.facebook.com/gatekeeper' },
        ipv6LookupUrl: 'https://api64.ipify.org?format=json',
      }),
    );
    expect(answer).toMatchObject({
      chronicle: 'High Five',
      orderPercent: 70,
      chaosPercent: 30,
      discordWidgetId: '123456789',
      facebookPageUrl: 'https://www.facebook.com/gatekeeper',
      ipv6LookupUrl: 'https://api64.ipify.org?format=json',
    });
  });
});
