import type { AttentionItem } from "#shared/console.ts";
import type { Database } from "#server/db/client.ts";

/** A held payment older than this, or a refund, has waited longer than recovery normally takes. */
const CHARGE_STUCK_MINUTES = 20;
const REFUND_STUCK_MINUTES = 60;

/**
 * What needs the organiser: refunds the processor refused (Retry), disputes, payments whose outcome
 * has stayed unknown longer than recovery takes, and automatic charges that failed for games still
 * ahead. Each item says what to do. Newest first.
 */
export async function listAttention(database: Database, options: { now: Date }): Promise<AttentionItem[]> {
  const { rows } = await database.pool.query<{
    kind: AttentionItem["kind"];
    event_id: string | null;
    event_title: string | null;
    first_name: string | null;
    last_name: string | null;
    amount_cents: number;
    since: Date;
    detail: string | null;
    payment_id: string | null;
  }>(
    `select 'failed_refund' as kind, p.event_id, e.title as event_title, u.first_name, u.last_name, p.amount_cents, p.updated_at as since, p.error as detail, p.id as payment_id
       from payment p join event e on e.id = p.event_id left join "user" u on u.id = p.user_id
      where p.kind = 'refund' and p.status = 'failed'
     union all
     select case when p.kind = 'refund' then 'refund_pending' else 'payment_pending' end, p.event_id, e.title, u.first_name, u.last_name, p.amount_cents, p.created_at, p.error, null
       from payment p join event e on e.id = p.event_id left join "user" u on u.id = p.user_id
      where p.status = 'pending'
        and ((p.kind = 'charge' and p.created_at < $1::timestamptz - make_interval(mins => $2))
          or (p.kind = 'refund' and p.created_at < $1::timestamptz - make_interval(mins => $3)))
     union all
     select 'dispute', d.event_id, e.title, u.first_name, u.last_name, d.amount_cents, d.created_at, d.reason || ' (' || d.status || ')', null
       from payment_dispute d left join event e on e.id = d.event_id left join registration r on r.id = d.registration_id left join "user" u on u.id = r.user_id
      where d.status not in ('won', 'lost', 'warning_closed')
     union all
     select 'promotion_failed', p.event_id, e.title, u.first_name, u.last_name, p.amount_cents, p.updated_at, p.error, null
       from payment p join event e on e.id = p.event_id left join "user" u on u.id = p.user_id
      where p.kind = 'charge' and p.off_session and p.status = 'failed' and e.status = 'active' and e.starts_at > $1
     order by since desc
     limit 200`,
    [options.now, CHARGE_STUCK_MINUTES, REFUND_STUCK_MINUTES],
  );
  return rows.map((row) => ({
    kind: row.kind,
    eventId: row.event_id,
    eventTitle: row.event_title,
    name: row.first_name || row.last_name ? `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() : "Deleted account",
    amountCents: row.amount_cents,
    since: row.since.toISOString(),
    detail: row.detail,
    action: ACTIONS[row.kind],
    paymentId: row.payment_id,
  }));
}

const ACTIONS: Record<AttentionItem["kind"], string> = {
  failed_refund: "The processor refused this refund. Retry it; if it fails again, refund the player another way and note it.",
  refund_pending: "The processor has not confirmed this refund yet. It is asked again every few minutes; nothing is sent twice.",
  payment_pending: "The outcome of this payment is not known yet. It is settled by asking the processor every minute; the spot stays held meanwhile.",
  dispute: "The card holder disputed this payment with their bank. Answer it in the processor's dashboard before its deadline.",
  promotion_failed: "The automatic charge failed: the player was told by mail and the spot went to the next person. They can rejoin with another card.",
};
