import type { ConsoleOverview } from "#shared/console.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { formatDate } from "#web/features/events/format.ts";
import { t } from "#web/i18n/i18n.ts";
import { bucketDays, count, dateTime, dayRange, longDay, shortDay, unitFor, wholePercent } from "#web/features/console/figures.ts";
import { BarChart, CHART_COLORS } from "./bar-chart.tsx";

/**
 * The overview's charts: money in and out and registrations per day (per week past
 * WEEKLY_AFTER_DAYS), and how full each game is. Each has its table (bar-chart.tsx).
 */
export function OverviewCharts({ overview }: { overview: ConsoleOverview }) {
  const money = (cents: number) => formatCents(cents, overview.currency);
  const unit = unitFor(overview.period);
  const buckets = bucketDays(overview.daily, unit);
  const labels = buckets.map((bucket) => shortDay(bucket.from));
  const rows = buckets.map((bucket) => (unit === "week" ? dayRange(bucket.from, bucket.to) : longDay(bucket.from)));
  const weekly = unit === "week";
  const rowHeader = t(weekly ? "admin.chart.week" : "admin.chart.day");
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const collected = buckets.map((bucket) => bucket.collectedCents);
  const refunded = buckets.map((bucket) => bucket.refundedCents);
  const registrations = buckets.map((bucket) => bucket.registrations);

  const games = overview.perGame.filter((game) => game.status === "active");
  const fillOf = (held: number, max: number) => (max > 0 ? Math.round((held / max) * 100) : 0);
  const withGoalkeepers = games.some((game) => game.maxGoalkeepers > 0);
  const zone = overview.period.timeZone;

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <BarChart
        title={t(weekly ? "admin.chart.moneyPerWeek" : "admin.chart.moneyPerDay")}
        summary={t(weekly ? "admin.chart.moneySummaryWeeks" : "admin.chart.moneySummaryDays", {
          collected: money(sum(collected)),
          refunded: money(sum(refunded)),
          count: buckets.length,
        })}
        labels={labels}
        rows={rows}
        rowHeader={rowHeader}
        series={[
          { label: t("admin.chart.collected"), color: CHART_COLORS.blue, values: collected, format: money },
          { label: t("admin.chart.refunded"), color: CHART_COLORS.orange, values: refunded, format: money },
        ]}
        yStep={100}
        // Whole amounts on the axis: "$10", "10 $", without the cents every tick would repeat.
        formatY={(cents) => formatCents(cents, overview.currency).replace(/[.,]00(?!\d)/, "")}
        total={(index) => money(sum(index === 0 ? collected : refunded))}
      />
      <BarChart
        title={t(weekly ? "admin.chart.registrationsPerWeek" : "admin.chart.registrationsPerDay")}
        summary={t(weekly ? "admin.chart.registrationsSummaryWeeks" : "admin.chart.registrationsSummaryDays", { registrations: sum(registrations), count: buckets.length })}
        labels={labels}
        rows={rows}
        rowHeader={rowHeader}
        series={[{ label: t("admin.chart.registrations"), color: CHART_COLORS.green, values: registrations, format: count }]}
        yStep={1}
        formatY={count}
        total={() => count(sum(registrations))}
      />
      {games.length > 0 && (
        <div className="min-w-0 lg:col-span-2">
          <BarChart
            title={t("admin.chart.fillPerGame")}
            summary={t("admin.chart.fillSummary", { count: games.length })}
            labels={games.map((game) => formatDate(game.startsAt, { timeZone: zone, month: "short", day: "numeric" }))}
            rows={games.map((game) => `${game.title} (${dateTime(game.startsAt, zone)})`)}
            rowHeader={t("admin.game")}
            series={[
              {
                label: t("admin.players"),
                color: CHART_COLORS.green,
                values: games.map((game) => fillOf(game.playersHeld, game.maxPlayers)),
                format: (value, index) => t("admin.chart.fillValue", { percent: wholePercent(value), held: games[index]!.playersHeld, max: games[index]!.maxPlayers }),
              },
              ...(withGoalkeepers
                ? [
                    {
                      label: t("admin.goalkeepers"),
                      color: CHART_COLORS.blue,
                      values: games.map((game) => fillOf(game.goalkeepersHeld, game.maxGoalkeepers)),
                      format: (value: number, index: number) =>
                        games[index]!.maxGoalkeepers > 0
                          ? t("admin.chart.fillValue", { percent: wholePercent(value), held: games[index]!.goalkeepersHeld, max: games[index]!.maxGoalkeepers })
                          : t("admin.chart.noGoalkeepers"),
                    },
                  ]
                : []),
            ]}
            yStep={10}
            yMax={100}
            formatY={wholePercent}
          />
        </div>
      )}
    </div>
  );
}
