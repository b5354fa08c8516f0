import { useImperativeHandle, useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from "react";
import { cardSchema } from "#shared/registration-schemas.ts";
import { CARD_DETAILS_MISSING } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { TextField } from "#web/components/form-fields.tsx";
import { formatCardNumberInput, formatCvcInput, formatExpiryInput } from "#web/features/payments/card-format.ts";
import { useSaveCard } from "#web/features/payments/hooks/use-save-card.ts";
import { PaymentMessage } from "#web/features/payments/payment-error.ts";
import { saveCardError, type CardField } from "#web/features/payments/save-card-error.ts";
import type { CardEntryHandle } from "./card-entry.tsx";

type Card = Record<CardField, string>;
const EMPTY: Card = { number: "", expiry: "", cvc: "" };

/**
 * Each field as people type or paste it: the number in groups of four, the expiry's slash put in
 * (a phone's digit pad has none), the code in digits.
 */
// No maxLength on the fields: the browser would cut a pasted "12 / 2030" before it is read; the formats cap the length.
const FORMAT: Record<CardField, (raw: string) => string> = { number: formatCardNumberInput, expiry: formatExpiryInput, cvc: formatCvcInput };

/**
 * The simulated processor's card form, marked as test payments: no real money moves
 * (docs/registrations-and-payments.md, "Simulated").
 */
export function SimulatedCardForm({ disabled, ref }: { disabled: boolean; ref: Ref<CardEntryHandle> }) {
  const [card, setCard] = useState<Card>(EMPTY);
  const [errors, setErrors] = useState<Partial<Card>>({});
  const [focusInvalid, setFocusInvalid] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const saveCard = useSaveCard();

  // Once the marks are on screen, take the user to the first field to fix.
  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    if (focusInvalid) container.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const showErrors = (fields: Partial<Card>) => {
    setErrors(fields);
    if (Object.keys(fields).length > 0) setFocusInvalid((n) => n + 1);
  };

  useImperativeHandle(ref, () => ({
    validate() {
      const result = cardSchema().safeParse(card);
      if (result.success) {
        setErrors({});
        return { valid: true };
      }
      const fields: Partial<Card> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as CardField | undefined;
        // A blank field: one message for the whole card (the original product's 'Card details are missing.').
        if (!field) {
          setErrors({});
          return { valid: false, message: sharedMessage(issue.message || CARD_DETAILS_MISSING) };
        }
        // The card rules are worded once in src/shared: in the screens' language here.
        fields[field] ??= sharedMessage(issue.message);
      }
      showErrors(fields);
      return { valid: false };
    },
    async save() {
      try {
        const saved = await saveCard.mutateAsync({ card: { number: card.number.trim(), expiry: card.expiry.trim(), cvc: card.cvc.trim() } });
        // Saved: paying again uses the saved card instead of saving the same one twice.
        setCard(EMPTY);
        return saved;
      } catch (error) {
        const { message, fields } = saveCardError(error);
        showErrors(fields);
        throw new PaymentMessage(message, { cause: error });
      }
    },
  }));

  const field = (name: CardField) => ({
    value: card[name],
    error: errors[name],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = FORMAT[name](event.target.value);
      setCard((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <div ref={container} className="flex flex-col gap-3">
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>{t("event.testCard.title")}</strong> {t("event.testCard.help")}
      </p>
      <TextField label={t("event.testCard.number")} name="cardnumber" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...field("number")} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t("event.testCard.expiry")} name="exp-date" inputMode="numeric" autoComplete="cc-exp" placeholder={t("event.testCard.expiryPlaceholder")} {...field("expiry")} />
        <TextField label={t("event.testCard.cvc")} name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...field("cvc")} />
      </div>
      <p className="text-sm text-slate-600">{t("event.payment.cardSaved")}</p>
    </div>
  );
}
