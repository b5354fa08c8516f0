import type { ConsoleOverview } from "../../../../shared/console.ts";
import { formatCents } from "../../../i18n/format-money.ts";
import { formatDate } from "../../events/format.ts";
import { bucketDays, dateTime, dayRange, longDay, plural, shortDay, unitFor } from "../figures.ts";
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
  const rowHeader = unit === "week" ? "Week" : "Day";
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const collected = buckets.map((bucket) => bucket.collectedCents);
  const refunded = buckets.map((bucket) => bucket.refundedCents);
  const registrations = buckets.map((bucket) => bucket.registrations);
  const over = `over ${plural(buckets.length, unit)}`;

  const games = overview.perGame.filter((game) => game.status === "active");
  const fillOf = (held: number, max: number) => (max > 0 ? Math.round((held / max) * 100) : 0);
  const withGoalkeepers = games.some((game) => game.maxGoalkeepers > 0);
  const zone = overview.period.timeZone;

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <BarChart
        title={`Collected and refunded per ${unit}`}
        summary={`${money(sum(collected))} collected and ${money(sum(refunded))} refunded ${over}. Each ${unit}'s figures are in the table below (Show as table).`}
        labels={labels}
        rows={rows}
        rowHeader={rowHeader}
        series={[
          { label: "Collected", color: CHART_COLORS.blue, values: collected, format: money },
          { label: "Refunded", color: CHART_COLORS.orange, values: refunded, format: money },
        ]}
        yStep={100}
        formatY={(cents) => formatCents(cents, overview.currency).replace(/\.00$/, "")}
        total={(index) => money(sum(index === 0 ? collected : refunded))}
      />
      <BarChart
        title={`Registrations per ${unit}`}
        summary={`${plural(sum(registrations), "registration")} ${over}, waitlist places included. Each ${unit}'s count is in the table below (Show as table).`}
        labels={labels}
        rows={rows}
        rowHeader={rowHeader}
        series={[{ label: "Registrations", color: CHART_COLORS.green, values: registrations, format: (count) => count.toLocaleString("en-US") }]}
        yStep={1}
        formatY={(count) => count.toLocaleString("en-US")}
        total={() => sum(registrations).toLocaleString("en-US")}
      />
      {games.length > 0 && (
        <div className="min-w-0 lg:col-span-2">
          <BarChart
            title="Fill rate per game"
            summary={`Spots held now against each game's spots, for ${plural(games.length, "game")}; cancelled games are left out. Each game's figures are in the table below (Show as table).`}
            labels={games.map((game) => formatDate(game.startsAt, { timeZone: zone, month: "short", day: "numeric" }))}
            rows={games.map((game) => `${game.title} (${dateTime(game.startsAt, zone)})`)}
            rowHeader="Game"
            series={[
              {
                label: "Players",
                color: CHART_COLORS.green,
                values: games.map((game) => fillOf(game.playersHeld, game.maxPlayers)),
                format: (value, index) => `${value}% (${games[index]!.playersHeld} of ${games[index]!.maxPlayers})`,
              },
              ...(withGoalkeepers
                ? [
                    {
                      label: "Goalkeepers",
                      color: CHART_COLORS.blue,
                      values: games.map((game) => fillOf(game.goalkeepersHeld, game.maxGoalkeepers)),
                      format: (value: number, index: number) =>
                        games[index]!.maxGoalkeepers > 0 ? `${value}% (${games[index]!.goalkeepersHeld} of ${games[index]!.maxGoalkeepers})` : "No goalkeepers",
                    },
                  ]
                : []),
            ]}
            yStep={10}
            yMax={100}
            formatY={(value) => `${value}%`}
          />
        </div>
      )}
    </div>
  );
}
