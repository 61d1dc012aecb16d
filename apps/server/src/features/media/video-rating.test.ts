import { describe, expect, it } from 'vitest';
import { videoRating } from './video-rating';

describe('the star rating of a video', () => {
  it('is five stars from 40 likes per thousand views on', () => {
    expect(videoRating(10_000, 400)).toBe(5);
    expect(videoRating(10_000, 2_000)).toBe(5);
  });
  it('gives one star per 8 likes per thousand views, in half stars', () => {
    expect(videoRating(100_000, 2_400)).toBe(3);
    expect(videoRating(100_000, 1_600)).toBe(2);
    expect(videoRating(100_000, 2_000)).toBe(2.5);
    expect(videoRating(1_000_000, 0)).toBe(0);
  });
  it('starts a video without views in the middle, and few views move it little', () => {
    expect(videoRating(0, 0)).toBe(2.5);
    expect(videoRating(3, 3)).toBe(3);
    expect(videoRating(50, 0)).toBe(2.5);
    expect(videoRating(900, 0)).toBe(1.5);
  });
  it('never goes below 0 or above 5, whatever the counts', () => {
    expect(videoRating(-5, -1)).toBe(2.5);
    expect(videoRating(10, 1_000)).toBeLessThanOrEqual(5);
    for (const [views, likes] of [
      [1, 0],
      [1e9, 1e9],
      [1e9, 0],
    ] as const) {
      const rating = videoRating(views, likes);
      expect(rating).toBeGreaterThanOrEqual(0);
      expect(rating).toBeLessThanOrEqual(5);
    }
  });
});
