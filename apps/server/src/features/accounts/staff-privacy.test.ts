import { describe, expect, it } from 'vitest';
import { accountViewFor, auditRowFor, maskAddress, maskEmail, mayFind, seesInFull } from './staff-privacy';

describe("a staff account's e-mail and addresses as a gm sees them", () => {
  it('keeps the first letter and the domain of an e-mail', () => {
    expect(['owner@example.com', 'O.Wner+x@Mail.Example', 'a@b.c', '@x.y', 'no-at-sign', ''].map(maskEmail)).toEqual([
      'o***@example.com',
      'O***@Mail.Example',
      'a***@b.c',
      '***',
      '***',
      '',
    ]);
  });

  it('keeps the network of an address: two parts of IPv4, two groups of IPv6', () => {
    expect(
      [
        '203.0.113.45',
        '::ffff:198.51.100.7',
        '2001:db8:85a3::8a2e:370:7334',
        '2001:0DB8:0000:0000:0000:0000:0000:0001',
        '2001::1',
        '::1',
        'fe80::1%eth0',
        'not an address',
        '',
      ].map(maskAddress),
    ).toEqual(['203.0.*.*', '198.51.*.*', '2001:db8:*', '2001:db8:*', '2001:0:*', '0:0:*', 'fe80:0:*', '***', '']);
  });

  it('masks for a gm only another staff account; an owner sees everything', () => {
    const gm = { login: 'helper', role: 'gm' as const };
    const owner = { login: 'boss', role: 'owner' as const };
    expect(seesInFull(gm, { login: 'boss', staff: true })).toBe(false);
    expect(seesInFull(gm, { login: 'HELPER', staff: true })).toBe(true);
    expect(seesInFull(gm, { login: 'player', staff: false })).toBe(true);
    expect(seesInFull(owner, { login: 'helper', staff: true })).toBe(true);

    const view = {
      login: 'boss',
      foundBy: 'character' as const,
      email: 'boss@example.com',
      accessLevel: 120,
      createdAt: null,
      ban: { banned: false, until: null },
      characters: [],
      rewards: [],
      donations: [],
      signIns: [{ at: 1, address: '203.0.113.45', device: 'Firefox', outcome: 'success' }],
      secondFactorOn: true,
    };
    expect(accountViewFor(gm, view, true)).toMatchObject({
      email: 'b***@example.com',
      signIns: [{ address: '203.0.*.*', device: 'Firefox' }],
    });
    expect(accountViewFor(owner, view, true)).toEqual(view);
    expect(accountViewFor(gm, view, false)).toEqual(view);
    expect(mayFind(gm, { login: 'boss', foundBy: 'email' }, true)).toBe(false);
    expect(mayFind(gm, { login: 'boss', foundBy: 'login' }, true)).toBe(true);
    expect(mayFind(owner, { login: 'boss', foundBy: 'email' }, true)).toBe(true);

    const line = {
      id: 1,
      at: 1,
      login: 'boss',
      role: 'owner',
      action: 'signIn',
      record: '',
      address: '::1',
      detail: '',
    };
    expect(auditRowFor(gm, line).address).toBe('0:0:*');
    expect(auditRowFor(owner, line).address).toBe('::1');
    expect(auditRowFor(gm, { ...line, login: 'helper' }).address).toBe('::1');
  });
});
