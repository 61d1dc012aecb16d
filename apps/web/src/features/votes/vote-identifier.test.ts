import { describe, expect, it } from 'vitest';
import { voteLink } from './vote-identifier';

const site = (identifier: 'none' | 'any' | 'charName' | 'voteId') => ({
  name: 'Site',
  banner: '/b.svg',
  url: identifier === 'none' ? 'https://vote.example/server' : 'https://vote.example/vote/{id}',
  identifier,
});

describe('vote links', () => {
  it('carry the character name where the site takes one, else the IPv4', () => {
    expect(voteLink(site('any'), 'DemoKnight', '10.1.2.3')).toBe('https://vote.example/vote/DemoKnight');
    expect(voteLink(site('any'), '', '10.1.2.3')).toBe('https://vote.example/vote/10.1.2.3');
  });
  it('carry only the character name on the mmotop kind of site', () => {
    expect(voteLink(site('charName'), 'Hero', '10.1.2.3')).toBe('https://vote.example/vote/Hero');
    expect(voteLink(site('charName'), '', '10.1.2.3')).toBe('https://vote.example/vote/');
  });
  it("carry the character's vote id where the site is polled by it, never the address", () => {
    expect(voteLink(site('voteId'), 'DemoKnight', '10.1.2.3')).toBe('https://vote.example/vote/64656d6f6b6e69676874');
    expect(voteLink(site('voteId'), 'demoknight ', '10.1.2.3')).toBe('https://vote.example/vote/64656d6f6b6e69676874');
    expect(voteLink(site('voteId'), '', '10.1.2.3')).toBe('https://vote.example/vote/');
  });
  it('leave a site without a parameter as it is, and encode names', () => {
    expect(voteLink(site('none'), 'Hero', '10.1.2.3')).toBe('https://vote.example/server');
    expect(voteLink(site('any'), 'A B/C', '')).toBe('https://vote.example/vote/A%20B%2FC');
  });
});
