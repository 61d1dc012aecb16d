import type { OnlineSeries } from '@gatekeeper/contract/lite';
import { useEffect, useRef } from 'react';

/**
 * The chart of one period, drawn by uPlot into a box of fixed height (online.css), so that
 * nothing moves when it appears. uPlot and its style are imported when the chart is first drawn:
 * they are in no page's first load.
 */
export const OnlineChart = ({
  series,
  labels,
}: {
  series: OnlineSeries;
  labels: { players: string; traders: string; tick: (seconds: number, stepSeconds: number) => string };
}) => {
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
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
          axes: [
            {
              ...axis,
              values: (_plot: unknown, splits: number[], _axis: number, _space: number, step: number) =>
                splits.map((split) => labels.tick(split, step)),
            },
            axis,
          ],
          series: [
            {},
            { label: labels.players, stroke: '#e0b04a', fill: 'rgba(224, 176, 74, 0.25)', width: 2 },
            { label: labels.traders, stroke: '#6fa8dc', width: 1.5 },
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
