import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import type { ShownChart } from "./uplot-bars.ts";
import { cell, TableScroll } from "./table-scroll.tsx";

export interface ChartSeries {
  label: string;
  /** A colour with at least 3:1 against white (WCAG 1.4.11): see CHART_COLORS. */
  color: string;
  values: number[];
  /** How one value reads in the table and the readout. */
  format: (value: number, index: number) => string;
}

/** Tailwind's 700s: 4.5:1 or more on white; blue and orange, the pair colour-blind eyes tell apart best, come first. */
export const CHART_COLORS = { blue: "#1d4ed8", orange: "#c2410c", green: "#15803d", purple: "#7e22ce" } as const;

const HEIGHT = 220;

const loadBars = () => import("./uplot-bars.ts");

/** Asks for uPlot ahead, while the figures it will draw are still on their way. */
export function preloadCharts() {
  loadBars().catch(() => undefined); // the chart says so when it cannot load
}

/**
 * A bar chart with its figures as a table. The canvas is one image for a screen reader, named by
 * the chart's title and `summary`; the table under it ("Show as table", a <details> a keyboard
 * opens) has every figure. uPlot loads with the first chart (uplot-bars.ts).
 */
export function BarChart({
  title,
  summary,
  labels,
  rows,
  rowHeader,
  series,
  yStep,
  yMax,
  formatY,
  total,
}: {
  title: string;
  summary: string;
  /** One short label per group, for the axis. */
  labels: string[];
  /** The same groups as the table names them (a full date, a game's title). */
  rows: string[];
  rowHeader: string;
  series: ChartSeries[];
  yStep: number;
  yMax?: number;
  formatY: (value: number) => string;
  /** A total row under the table: the figures add up (money, registrations), unlike percentages. */
  total?: (seriesIndex: number) => string;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // The chart is drawn once per set of figures; the latest formatter reaches it through this.
  const latest = useRef({ formatY });
  useLayoutEffect(() => {
    latest.current = { formatY };
  });
  const dataKey = JSON.stringify([labels, series.map((line) => [line.label, line.color, line.values]), yStep, yMax]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let shown: ShownChart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) shown?.resize(Math.floor(entry.contentRect.width));
    });
    loadBars()
      .then(({ showBars }) => {
        if (cancelled) return;
        shown = showBars(
          element,
          {
            labels,
            series: series.map(({ label, color, values }) => ({ label, color, values })),
            yStep,
            yMax,
            formatY: (value) => latest.current.formatY(value),
            height: HEIGHT,
            onHover: setHovered,
          },
          Math.floor(element.clientWidth),
        );
        observer.observe(element);
      })
      .catch((error: unknown) => {
        console.error("chart failed to load", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer.disconnect();
      shown?.remove();
    };
    // dataKey stands for labels, series, yStep and yMax: a new chart only when the figures change.
  }, [dataKey]);

  const readout =
    hovered !== null && rows[hovered] !== undefined
      ? t("admin.chart.readout", { row: rows[hovered], values: series.map((line) => `${line.label} ${line.format(line.values[hovered] ?? 0, hovered)}`).join(", ") })
      : "";

  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      {/* The table names each series; the key is for eyes only. */}
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: line.color }} />
            {line.label}
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{t("admin.chart.failed")}</p>
      ) : (
        <div ref={box} role="img" aria-label={`${title}. ${summary}`} className="w-full overflow-hidden" style={{ height: HEIGHT }} />
      )}
      {/* What the pointer is on, for a mouse; the table says the same to everyone. */}
      <p aria-hidden="true" className="min-h-5 text-sm tabular-nums text-slate-700">
        {readout}
      </p>
      <details className="group">
        <summary className="w-fit cursor-pointer rounded text-sm font-semibold text-green-800 underline hover:text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700">
          {t("admin.chart.showTable")}
          <span className="sr-only">{t("admin.chart.showTableOf", { title })}</span>
        </summary>
        <div className="mt-2">
          <TableScroll label={t("admin.chart.asTable", { title })}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cell.head}>
                    {rowHeader}
                  </th>
                  {series.map((line) => (
                    <th key={line.label} scope="col" className={cell.headNumber}>
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row}-${index}`}>
                    <th scope="row" className={`${cell.body} font-normal`}>
                      {row}
                    </th>
                    {series.map((line) => (
                      <td key={line.label} className={cell.number}>
                        {line.format(line.values[index] ?? 0, index)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {total && (
                <tfoot>
                  <tr>
                    <th scope="row" className={cell.totalHead}>
                      {t("admin.chart.total")}
                    </th>
                    {series.map((line, index) => (
                      <td key={line.label} className={cell.total}>
                        {total(index)}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </TableScroll>
        </div>
      </details>
    </figure>
  );
}
