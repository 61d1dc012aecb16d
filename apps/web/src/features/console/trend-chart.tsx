import { useEffect, useRef } from 'react';
import type { DayFigure } from './dashboard-trends';

/**
 * A figure's last 30 days as a small area chart, drawn by uPlot (the Online page's chart library)
 * in a box of fixed height (console.css), so that nothing moves when it appears. It is a picture
 * of figures the card says in words and its per-day table lists: hidden from screen readers.
 * uPlot loads with the first chart: in the console's own chunk, in no page's first load.
 */
export const TrendChart = ({ days, second }: { days: readonly DayFigure[]; second?: readonly DayFigure[] }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const times = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
      const hidden = { show: false };
      plot = new UPlot(
        {
          width: element.clientWidth,
          height: element.clientHeight,
          legend: hidden,
          cursor: hidden,
          padding: [4, 0, 0, 0],
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [hidden, hidden],
          series: [
            {},
            { stroke: '#e0b04a', fill: 'rgba(224, 176, 74, 0.25)', width: 2 },
            ...(second ? [{ stroke: '#e06c5a', width: 1.5 }] : []),
          ],
        },
        [times, days.map((day) => day.count), ...(second ? [second.map((day) => day.count)] : [])],
        element,
      );
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [days, second]);
  return <div ref={box} className="console__trend" aria-hidden="true" data-testid="console-trend" />;
};
