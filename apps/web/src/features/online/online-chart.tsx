import type { OnlineSeries } from '@gatekeeper/contract/lite';
import { useEffect, useRef } from 'react';

/** Every text the chart draws, in the page's language (uPlot's own are American English). */
export interface OnlineChartLabels {
  players: string;
  traders: string;
  /** The legend's name of the moment under the cursor. */
  time: string;
  tick: (seconds: number, stepSeconds: number) => string;
  moment: (seconds: number) => string;
  count: (value: number) => string;
  /** The site's time zone: the axis's hours and days start on its clock, as the labels are written. */
  timeZone: string;
}

/**
 * The chart of one period, drawn by uPlot into a box of fixed height (online.css), so that
 * nothing moves when it appears. uPlot and its style are imported when the chart is first drawn:
 * they are in no page's first load.
 */
export const OnlineChart = ({ series, labels }: { series: OnlineSeries; labels: OnlineChartLabels }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => {
      plot?.setSize({ width: element.clientWidth, height: element.clientHeight });
    });
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const style = getComputedStyle(element);
      const text = style.getPropertyValue('--text').trim() || '#ddd';
      const grid = style.getPropertyValue('--line').trim() || '#444';
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      plot = new UPlot(
        {
          width: element.clientWidth,
          height: element.clientHeight,
          legend: { show: true },
          tzDate: (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), labels.timeZone),
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
          axes: [
            {
              ...axis,
              values: (_plot: unknown, splits: number[], _axis: number, _space: number, step: number) =>
                splits.map((split) => labels.tick(split, step)),
            },
            { ...axis, values: (_plot: unknown, splits: number[]) => splits.map((split) => labels.count(split)) },
          ],
          series: [
            { label: labels.time, value: (_plot, seconds) => (seconds === null ? '' : labels.moment(seconds)) },
            {
              label: labels.players,
              stroke: '#e0b04a',
              fill: 'rgba(224, 176, 74, 0.25)',
              width: 2,
              value: (_plot, count) => (count === null ? '' : labels.count(count)),
            },
            {
              label: labels.traders,
              stroke: '#6fa8dc',
              width: 1.5,
              value: (_plot, count) => (count === null ? '' : labels.count(count)),
            },
          ],
        },
        [series.times, series.players, series.traders],
        element,
      );
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [series, labels]);
  return <div ref={box} className="online-chart" aria-hidden="true" data-testid="online-chart" />;
};
