import { COUNTDOWN } from '@gatekeeper/contract/lite';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../shared/use-media-query';
import {
  RING_NAMES,
  type Remaining,
  type RingName,
  hasOpened,
  remainingUntil,
  ringFraction,
  ringLabel,
} from './countdown';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const dashOffset = (remaining: Remaining, ring: RingName) =>
  (CIRCUMFERENCE * (1 - ringFraction(remaining, ring))).toFixed(2);

/** What a screen reader hears: to the minute, so it can be read calmly. */
const minuteText = (remaining: Remaining, t: TFunction) =>
  hasOpened(remaining)
    ? t('home.opened')
    : t('home.countdownText', { days: remaining.days, hours: remaining.hours, minutes: remaining.minutes });

/**
 * The rings of the countdown to the opening (docs/product.md#home): one SVG per ring, its stroke as full as
 * that unit's share. Drawn straight into the DOM (no React render per redraw) every
 * COUNTDOWN.redrawMs, about 11 ms (docs/product.md#constants), while on screen; once a second off screen or
 * with reduced motion; stops at the opening.
 * role="timer" with a text updated once a minute is what assistive technology reads.
 */
export const CountdownRings = ({ openingMs }: { openingMs: number }) => {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const rings = reducedMotion ? RING_NAMES.filter((ring) => ring !== 'hundredths') : RING_NAMES;
  // The time left is drawn by the effect, on the visitor's clock: the pre-rendered rings are empty.
  const [spoken, setSpoken] = useState('');
  const [opened, setOpened] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const arcs = new Map<string, SVGCircleElement>();
    const values = new Map<string, HTMLElement>();
    root.querySelectorAll<SVGCircleElement>('[data-arc]').forEach((el) => arcs.set(el.dataset.arc ?? '', el));
    root.querySelectorAll<HTMLElement>('[data-value]').forEach((el) => values.set(el.dataset.value ?? '', el));
    let lastMinute = -1;
    let timer = 0;
    let visible = true;
    let done = false;

    const draw = () => {
      const remaining = remainingUntil(openingMs, Date.now());
      for (const ring of RING_NAMES) {
        arcs.get(ring)?.setAttribute('stroke-dashoffset', dashOffset(remaining, ring));
        const value = values.get(ring);
        const label = ringLabel(remaining, ring);
        if (value && value.textContent !== label) value.textContent = label;
      }
      const minute = Math.floor(remaining.totalMs / 60_000);
      if (minute !== lastMinute) {
        lastMinute = minute;
        setSpoken(minuteText(remaining, t));
      }
      if (hasOpened(remaining)) {
        done = true;
        setOpened(true);
      }
    };
    const schedule = () => {
      if (done) return;
      // Off screen (and with reduced motion) once a second, on the second: the text stays true.
      const delay = reducedMotion || !visible ? 1000 - (Date.now() % 1000) + 5 : COUNTDOWN.redrawMs;
      timer = window.setTimeout(tick, delay);
    };
    const tick = () => {
      draw();
      schedule();
    };
    const stop = () => window.clearTimeout(timer);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(([entry]) => {
            visible = entry?.isIntersecting ?? true;
            stop();
            tick();
          });
    observer?.observe(root);
    tick();
    return () => {
      observer?.disconnect();
      stop();
    };
  }, [openingMs, reducedMotion, t]);

  return (
    <div className="countdown" ref={container}>
      <div className="countdown__rings" aria-hidden="true">
        {rings.map((ring) => (
          <div key={ring} className={`countdown__ring countdown__ring--${ring}`}>
            <svg viewBox="0 0 100 100" className="countdown__svg">
              <circle className="countdown__track" cx="50" cy="50" r={RADIUS} />
              <circle
                className="countdown__arc"
                data-arc={ring}
                cx="50"
                cy="50"
                r={RADIUS}
                strokeDasharray={CIRCUMFERENCE.toFixed(2)}
                strokeDashoffset={CIRCUMFERENCE.toFixed(2)}
                transform="rotate(-90 50 50)"
              />
            </svg>
            <span className="countdown__value" data-value={ring} />
            <span className="countdown__unit">{t(`home.units.${ring}`)}</span>
          </div>
        ))}
      </div>
      {opened ? (
        <p className="countdown__opened" role="status">
          {t('home.opened')}
        </p>
      ) : (
        <p className="visually-hidden" role="timer" aria-live="off" aria-atomic="true">
          {spoken}
        </p>
      )}
    </div>
  );
};
