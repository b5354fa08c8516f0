import type { ReactNode } from "react";
import { formatCents } from "../../../i18n/format-money.ts";
import type { Receipt } from "../../../../shared/registrations.ts";
import { useCurrency } from "../../../lib/config.ts";
import { formatGameTime } from "../../events/format.ts";
import { CardName } from "../../payments/components/card-name.tsx";

/** What was bought, as the server has it: the game, when and where, the amount and the card. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const currency = useCurrency();
  const time = formatGameTime(receipt.event);
  const paid = receipt.paidCents > 0;
  const venue = receipt.event.field ? `${receipt.event.locationName} (${receipt.event.field})` : receipt.event.locationName;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-left">
      <Fact term="Game">{receipt.event.title}</Fact>
      <Fact term="Role">{receipt.role === "player" ? "Player" : "Goalkeeper"}</Fact>
      <Fact term="Date">{time.date}</Fact>
      <Fact term="Time">
        {time.hours}
        {time.yourTime && <span className="block text-sm text-slate-600">Your time: {time.yourTime}</span>}
      </Fact>
      <Fact term="Venue">{venue}</Fact>
      <Fact term="Amount">
        {paid ? formatCents(receipt.paidCents, currency) : receipt.priceCents > 0 ? `${formatCents(receipt.priceCents, currency)} (being processed)` : "Free"}
      </Fact>
      {receipt.card && (
        <Fact term="Card">
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
