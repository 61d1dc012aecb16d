import { COUNTDOWN } from '@gatekeeper/contract/lite';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { CountdownRings } from './countdown-rings';

/** How many times a ring's arc is drawn. */
const countDraws = (ring = 'hundredths') => {
  let draws = 0;
  const original = Element.prototype.setAttribute;
  vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name, value) {
    if (name === 'stroke-dashoffset' && (this as SVGElement).dataset.arc === ring) draws += 1;
    original.call(this, name, value);
  });
  return () => draws;
};

const stubReducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

describe('the countdown rings', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z') });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it(`redraws every ${COUNTDOWN.redrawMs} ms, not once per animation frame`, () => {
    stubReducedMotion(false);
    const draws = countDraws();
    render(<CountdownRings openingMs={Date.parse('2027-03-01T16:00:00Z')} />);
    const first = draws();
    act(() => {
      vi.advanceTimersByTime(COUNTDOWN.redrawMs * 100);
    });
    expect(draws() - first).toBe(100);
  });

  it('with reduced motion redraws once a second, and stops at the opening', () => {
    stubReducedMotion(true);
    const draws = countDraws('seconds');
    render(<CountdownRings openingMs={Date.now() + 3_500} />);
    const first = draws();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    // One on each of the next three seconds, one at the opening, then none.
    expect(draws() - first).toBe(4);
  });
});
