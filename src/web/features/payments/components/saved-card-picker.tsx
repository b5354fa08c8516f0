import { useId, type ReactNode } from "react";
import type { SavedCard } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { formatCardExpiry } from "#web/features/payments/card-format.ts";
import { CardName } from "./card-name.tsx";

export const NEW_CARD = "new";

/**
 * One saved card, or a new one: a radio group, so only one can be chosen (docs/product-rules.md,
 * "Validation"). The dialog chooses the only saved card at first; among several nothing is chosen,
 * and paying without a choice says 'Please select a saved payment method.'
 */
export function SavedCardPicker({
  cards,
  value,
  onChange,
  disabled,
}: {
  cards: SavedCard[];
  value: string | null;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{t("event.payment.payWith")}</legend>
      {cards.map((card) => (
        <Option key={card.id} name={name} value={card.id} checked={value === card.id} onChange={onChange}>
          <span className="font-medium text-slate-900">
            <CardName card={card} />
          </span>
          <span className="text-sm text-slate-600">{t("event.card.expires", { date: formatCardExpiry(card) })}</span>
        </Option>
      ))}
      <Option name={name} value={NEW_CARD} checked={value === NEW_CARD} onChange={onChange}>
        <span className="font-medium text-slate-900">{t("event.payment.newCard")}</span>
      </Option>
    </fieldset>
  );
}

function Option({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-green-700 has-checked:bg-green-50 has-focus-visible:outline-2 has-focus-visible:outline-green-700">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChange(value)} className="h-4 w-4 shrink-0 accent-green-700" />
      <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">{children}</span>
    </label>
  );
}
