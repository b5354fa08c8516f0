import type { Period } from "#shared/console-period.ts";
import { type FeeRule, processingFeeCents } from "#shared/money.ts";
import type { Database } from "#server/db/client.ts";
import { centsCell, toCsv } from "./csv.ts";

/** The period's ledger as CSV: one row per payment row written in it, times in the period's zone. */
export async function exportPayments(database: Database, options: { period: Period; feeRule: FeeRule; currency: string }): Promise<string> {
  const { period } = options;
  const { rows } = await database.pool.query<{
    at: string;
    title: string;
    starts: string;
    first_name: string | null;
    last_name: string | null;
    role: string;
    kind: string;
    status: string;
    amount_cents: number;
    card_label: string | null;
    gateway_id: string | null;
    error: string | null;
  }>(
    `select to_char(p.created_at at time zone $3, 'YYYY-MM-DD HH24:MI') as at, e.title,
            to_char(e.starts_at at time zone $3, 'YYYY-MM-DD HH24:MI') as starts,
            u.first_name, u.last_name, r.role, p.kind, p.status, p.amount_cents, r.card_label, p.gateway_id, p.error
       from payment p join registration r on r.id = p.registration_id join event e on e.id = p.event_id
       left join "user" u on u.id = p.user_id
      where p.created_at >= $1 and p.created_at < $2
      order by p.created_at, p.id`,
    [period.start, period.end, period.timeZone],
  );
  return toCsv(
    ["Date", "Game", "Kick-off", "Player", "Role", "Type", "Status", `Amount (${options.currency.toUpperCase()})`, "Processing fee", "Card", "Processor id", "Error"],
    rows.map((row) => [
      row.at,
      row.title,
      row.starts,
      row.first_name || row.last_name ? `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() : "Deleted account",
      row.role,
      row.kind,
      row.status,
      centsCell(row.amount_cents),
      row.kind === "charge" && row.status === "succeeded" ? centsCell(processingFeeCents(row.amount_cents, options.feeRule)) : null,
      row.card_label,
      row.gateway_id,
      row.error,
    ]),
  );
}
