import type { ReactNode } from "react";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import type { Receipt } from "#shared/registrations.ts";
import { useCurrency } from "#web/lib/config.ts";
import { formatGameTime } from "#web/features/events/game-time.ts";
import { CardName } from "#web/features/payments/components/card-name.tsx";

/** What was bought, as the server has it: the game, when and where, the amount and the card. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const currency = useCurrency();
  const time = formatGameTime(receipt.event);
  const paid = receipt.paidCents > 0;
  const venue = receipt.event.field ? `${receipt.event.locationName} (${receipt.event.field})` : receipt.event.locationName;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-left">
      <Fact term={t("event.receipt.game")}>{receipt.event.title}</Fact>
      <Fact term={t("event.receipt.role")}>{t(receipt.role === "player" ? "event.receipt.player" : "event.receipt.goalkeeper")}</Fact>
      <Fact term={t("event.page.date")}>{time.date}</Fact>
      <Fact term={t("event.page.time")}>
        {time.hours}
        {time.yourTime && <span className="block text-sm text-slate-600">{t("event.receipt.yourTime", { time: time.yourTime })}</span>}
      </Fact>
      <Fact term={t("event.receipt.venue")}>{venue}</Fact>
      {receipt.guests.length > 0 && <Fact term={t("event.receipt.guests")}>{receipt.guests.join(", ")}</Fact>}
      <Fact term={t("event.receipt.amount")}>
        {paid
          ? formatCents(receipt.paidCents, currency)
          : receipt.priceCents > 0
            ? t("event.receipt.processing", { amount: formatCents(receipt.priceCents, currency) })
            : t("shell.price.free")}
      </Fact>
      {receipt.card && (
        <Fact term={t("event.receipt.card")}>
          <CardName card={receipt.card} />
        </Fact>
      )}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 font-semibold text-slate-900 wrap-break-word">{children}</dd>
    </>
  );
}
