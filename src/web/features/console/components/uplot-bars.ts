import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * Bar charts drawn with uPlot (canvas, ~22 KB gzip): imported by bar-chart.tsx when the console
 * first shows a chart, so that it is a chunk of its own that no player's page loads
 * (docs/decisions/003-declarative-router-for-bundle-budget.md).
 */

export interface BarSpec {
  /** One short label per bar group, on the x axis. */
  labels: string[];
  series: { label: string; color: string; values: number[] }[];
  /** The y axis: the step its ticks are multiples of (100 for cents: whole amounts), a fixed top, its labels. */
  yStep: number;
  yMax?: number;
  formatY: (value: number) => string;
  height: number;
  /** The group under the pointer, or null when it leaves (for the readout under the chart). */
  onHover: (index: number | null) => void;
}

export interface ShownChart {
  resize(width: number): void;
  remove(): void;
}

const AXIS = "#334155"; // slate-700 on white: 10:1
const GRID = "#e2e8f0"; // slate-200, lines only

/** 1, 2, 5, 10, 20, 50… times the step: ticks on round figures. */
function niceSteps(step: number): number[] {
  const steps: number[] = [];
  for (let power = step; power <= 1e12; power *= 10) steps.push(power, power * 2, power * 5);
  return steps;
}

/** How wide a bar may grow (CSS pixels): one game on a wide screen is a bar, not a wall. */
const MAX_BAR_PX = 48;
const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;

/**
 * The bars of each group side by side, centred on the group's label: every series takes an equal
 * share of 80% of the group's width, and no bar is wider than MAX_BAR_PX. Worked out at every draw
 * (uPlot's `disp`), so that it follows the chart's width.
 */
function groupedBars(seriesCount: number, groupCount: number) {
  const layout = (plot: uPlot) => {
    const unitPx = Math.abs(plot.valToPos(1, "x") - plot.valToPos(0, "x")) || 1;
    const bar = Math.min(0.8 / seriesCount, MAX_BAR_PX / unitPx);
    return { bar, start: -(bar * seriesCount) / 2 };
  };
  const indexes = Array.from({ length: groupCount }, (_, index) => index);
  return uPlot.paths.bars!({
    disp: {
      x0: {
        unit: SCALE_VALUE,
        values: (plot, seriesIndex) => {
          const { bar, start } = layout(plot);
          return indexes.map((index) => index + start + (seriesIndex - 1) * bar);
        },
      },
      size: { unit: SCALE_VALUE, values: (plot) => indexes.map(() => layout(plot).bar) },
    },
  });
}

export function showBars(element: HTMLElement, spec: BarSpec, width: number): ShownChart {
  const { labels, series } = spec;
  const top = spec.yMax ?? Math.max(spec.yStep, ...series.flatMap((line) => line.values)) * 1.1;
  const bars = groupedBars(series.length, labels.length);
  const widest = Math.max(...[0, top].map((value) => spec.formatY(value).length));

  const plot = new uPlot(
    {
      width,
      height: spec.height,
      legend: { show: false },
      // No drag-to-zoom: a table of the figures sits under every chart.
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        x: { time: false, range: () => [-0.5, labels.length - 0.5] },
        y: { range: () => [0, top] },
      },
      axes: [
        {
          stroke: AXIS,
          grid: { show: false },
          ticks: { stroke: GRID },
          space: 56,
          incrs: [1, 2, 3, 7, 14, 28, 56, 91, 182, 364],
          values: (_plot, splits) => splits.map((at) => (Number.isInteger(at) ? (labels[at] ?? "") : "")),
        },
        {
          stroke: AXIS,
          grid: { stroke: GRID, width: 1 },
          ticks: { show: false },
          incrs: niceSteps(spec.yStep),
          size: 16 + widest * 7,
          values: (_plot, splits) => splits.map((value) => spec.formatY(value)),
        },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          fill: line.color,
          stroke: line.color,
          width: 0,
          points: { show: false },
          paths: bars,
        })),
      ],
      hooks: {
        setCursor: [
          (chart: uPlot) => {
            const index = chart.cursor.idx;
            spec.onHover(index === null || index === undefined ? null : index);
          },
        ],
      },
    },
    [labels.map((_, index) => index), ...series.map((line) => line.values)],
    element,
  );

  return {
    resize: (newWidth) => plot.setSize({ width: newWidth, height: spec.height }),
    remove: () => plot.destroy(),
  };
}
