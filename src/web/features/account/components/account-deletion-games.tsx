import { useId } from "react";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import type { AccountDeletionPreview } from "#shared/registrations.ts";
import { useCurrency } from "#web/lib/config.ts";
import { formatGameTime } from "#web/features/events/game-time.ts";
import { deletionOutcomeText } from "#web/features/account/deletion-outcome.ts";

/**
 * Before an account is deleted: each game the person holds a spot or a waitlist place in, and what
 * deleting gives back for it, as the server computed it (docs/registrations-and-payments.md, "Account deletion").
 */
export function AccountDeletionGames({ preview }: { preview: AccountDeletionPreview }) {
  const currency = useCurrency();
  const headingId = useId();
  if (preview.games.length === 0) return <p className="text-slate-700">{t("account.deletion.none")}</p>;
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t("account.deletion.heading")}
      </h3>
      <p className="text-sm text-slate-700">{t("account.deletion.intro")}</p>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
        {preview.games.map((game) => (
          <li key={`${game.eventId}-${game.role}`} className="flex flex-col gap-0.5 px-3 py-2">
            <span className="font-semibold text-slate-900 wrap-anywhere">{game.title}</span>
            <span className="text-sm text-slate-600">{formatGameTime(game).date}</span>
            <span className="text-sm text-slate-800">{deletionOutcomeText(game, money)}</span>
          </li>
        ))}
      </ul>
      <p className="font-semibold text-slate-900">
        {preview.refundCents > 0 ? t("account.deletion.total", { amount: money(preview.refundCents) }) : t("account.deletion.nothingBack")}
      </p>
    </section>
  );
}
