import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { autoChargeConsentText, CONSENT_REQUIRED, FAILED_TO_INITIALIZE_PAYMENT, SELECT_SAVED_CARD } from "#shared/registrations.ts";
import { Dialog } from "#web/components/dialog.tsx";
import { Button, FormMessage } from "#web/components/form.tsx";
import { Checkbox } from "#web/components/form-fields.tsx";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { authenticateSimulated, type AuthenticationOutcome } from "#web/features/payments/authenticate-simulated.ts";
import { useSavedCards } from "#web/features/payments/hooks/use-saved-cards.ts";
import { paymentErrorMessage, type PaymentStage } from "#web/features/payments/payment-error.ts";
import { loadStripe } from "#web/features/payments/stripe-js.ts";
import { CardEntry, type CardEntryHandle } from "./card-entry.tsx";
import { NEW_CARD, SavedCardPicker } from "./saved-card-picker.tsx";
import { SimulatedAuthenticationDialog } from "./simulated-authentication-dialog.tsx";

export type PaidStatus = "confirmed" | "waitlisted";
export type PayResult = { status: PaidStatus } | { status: "requires_action"; clientSecret: string };

export interface PaymentDialogProps {
  /** What is bought, e.g. "Player spot · Friday Football". */
  item: string;
  priceCents: number;
  /**
   * The guests the payment also covers (src/shared/guests.ts): `priceCents` is then the party's, and
   * the dialog says so ("Pay $30.00 for you and 2 guests"); a party waits for that many spots at once.
   */
  guests?: number;
  /** Every spot is held: nothing is charged now, and the card is charged if a spot frees up, with consent. */
  waitlist: boolean;
  /** A game-on game before its decision (docs/game-on.md): the card is held, not charged; `decides` says when it is decided. */
  hold?: { decides: string };
  /**
   * The cancellation policy, said before the Pay button and read with it: until when a cancel is
   * possible and what it gives back ("$12.00 now; cancel by Wed, Nov 25, 7:30 PM for $11.35 back.").
   */
  policy?: string;
  onClose: () => void;
  /** Joins with the chosen saved card. Rejects with an Error whose message is fit to show. */
  pay: (input: { paymentMethodId: string; consentToAutoCharge?: true }) => Promise<PayResult>;
  /** After the bank's check: asks the server how the payment ended. Rejects like pay. */
  confirm: () => Promise<void>;
  /** The spot is paid, or the waitlist place taken: the caller moves on (and closes the dialog). */
  onDone: (status: PaidStatus) => void;
}

/**
 * The original product's 'Complete Your Payment' ('Join the Waitlist' when the game is full): a saved card or a new one (saved to the account
 * first), then the join; when the bank asks, its check, then the server's confirmation. Every
 * failure is said here, and the dialog cannot be dismissed while a payment is on its way.
 */
export function PaymentDialog({ item, priceCents, guests = 0, waitlist, hold, policy, onClose, pay, confirm, onDone }: PaymentDialogProps) {
  // A consent is asked for a waitlist place (charged later) and for a held spot (captured later).
  const consentNeeded = waitlist || hold !== undefined;
  const config = useConfig();
  const savedCards = useSavedCards();
  const mode = config.data?.payments.mode;
  const publishableKey = config.data?.payments.publishableKey;
  // In Stripe mode Stripe.js is needed for a new card and for the bank's check: load it as the dialog opens.
  const [stripeFailed, setStripeFailed] = useState(false);
  useEffect(() => {
    if (mode !== "stripe") return;
    if (!publishableKey) {
      setStripeFailed(true);
      return;
    }
    loadStripe(publishableKey).then(
      () => setStripeFailed(false),
      (error: unknown) => {
        console.error("Stripe.js could not be loaded", error);
        setStripeFailed(true);
      },
    );
  }, [mode, publishableKey]);
  const cards = savedCards.data;
  const [selection, setSelection] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [challenge, setChallenge] = useState<((outcome: AuthenticationOutcome) => void) | null>(null);
  const cardEntry = useRef<CardEntryHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const policyId = useId();
  const currency = useCurrency();
  const price = formatCents(priceCents, currency);

  const ready = Boolean(mode && cards);
  // A failed refresh keeps the cards already shown; only nothing to show at all is a failure.
  const loadFailed = (config.isError && !mode) || (savedCards.isError && !cards) || stripeFailed;
  // Without saved cards there is nothing to choose: the new-card form is the way to pay. The only
  // saved card is chosen at first; with more, the person chooses (docs/product-rules.md, "Validation").
  const choice = cards && cards.length === 0 ? NEW_CARD : (selection ?? (cards?.length === 1 ? cards[0]!.id : null));

  // After the error line has taken its room above the buttons, or the field ends up hidden beneath it.
  const focus = (selector: string) =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>(selector);
      field?.focus();
      field?.scrollIntoView({ block: "nearest" });
    });

  const askBank = (clientSecret: string) =>
    new Promise<void>((resolve) => {
      setChallenge(() => async (outcome: AuthenticationOutcome) => {
        setChallenge(null);
        // The server reads the outcome from the processor on confirm, so a lost answer here is no loss.
        await authenticateSimulated(clientSecret, outcome).catch(() => undefined);
        resolve();
      });
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !ready || !mode) return;
    setError("");
    if (choice === null) {
      setError(sharedMessage(SELECT_SAVED_CARD));
      focus('input[type="radio"]');
      return;
    }
    if (choice === NEW_CARD) {
      const check = cardEntry.current?.validate() ?? { valid: false, message: sharedMessage(FAILED_TO_INITIALIZE_PAYMENT) };
      if (!check.valid) {
        if (check.message) setError(check.message);
        return;
      }
    }
    if (consentNeeded && !consent) {
      setError(sharedMessage(CONSENT_REQUIRED));
      focus('input[type="checkbox"]');
      return;
    }
    setBusy(true);
    // What a failure that was not written for the user says: the card could not be set up, or the payment failed.
    let stage: PaymentStage = "initialize";
    try {
      let paymentMethodId = choice;
      if (choice === NEW_CARD) {
        const card = await cardEntry.current!.save();
        paymentMethodId = card.id;
        setSelection(card.id);
      }
      stage = "pay";
      let result = await pay({ paymentMethodId, ...(consentNeeded ? { consentToAutoCharge: true as const } : {}) });
      if (result.status === "requires_action") {
        // The bank's check: our test bank, or Stripe.js's 3-D Secure. Whatever it says, the server
        // reads the outcome from the processor when asked to confirm.
        if (mode === "simulated") await askBank(result.clientSecret);
        else await (await loadStripe(publishableKey ?? "")).handleNextAction({ clientSecret: result.clientSecret });
        await confirm();
        result = { status: "confirmed" };
      }
      onDone(result.status);
    } catch (caught) {
      setError(paymentErrorMessage(caught, stage));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        // Nothing is paid on joining a waitlist: its sheet says what it is (decision 040).
        title={t(waitlist ? "event.payment.waitlistTitle" : "event.payment.title")}
        onClose={onClose}
        busy={busy}
        error={error}
        initialFocus="dialog"
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t("event.payment.cancel")}
            </Button>
            <Button type="submit" form={formId} disabled={busy || !ready} aria-describedby={policy ? policyId : undefined}>
              {busy ? t("event.payment.processing") : waitlist ? t("event.payment.joinWaitlist") : hold ? t("event.gameOn.holdButton", { price }) : guests > 0 ? t("event.guests.payFor", { price, count: guests }) : t("event.payment.pay", { price })}
            </Button>
          </>
        }
      >
        <form id={formId} ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3">
            <span className="min-w-0 break-words text-slate-700">{item}</span>
            <span className="shrink-0 text-xl font-bold text-slate-900">{price}</span>
          </div>
          {waitlist && (
            <p className="text-slate-700">
              {guests > 0 ? t("event.guests.waitlistTooFew") : t("event.payment.waitlistFull")} <strong>{t("event.payment.waitlistNothingNow")}</strong>{" "}
              {guests > 0 ? t("event.guests.waitlistLater", { price, spots: guests + 1 }) : t("event.payment.waitlistLater", { price })}
            </p>
          )}
          {hold && !waitlist && <p className="text-slate-700">{t("event.gameOn.holdTerms", { price, decides: hold.decides })}</p>}
          {policy && (
            <p id={policyId} className="rounded-lg border border-slate-200 px-4 py-3 text-slate-700">
              <span className="font-semibold text-slate-900">{t("event.payment.cancellation")} </span>
              {policy}
            </p>
          )}

          {loadFailed ? (
            <div className="flex flex-col items-start gap-2">
              <FormMessage kind="error">{sharedMessage(FAILED_TO_INITIALIZE_PAYMENT)}</FormMessage>
              <Button
                variant="secondary"
                onClick={() => {
                  setStripeFailed(false);
                  void Promise.all([config.refetch(), savedCards.refetch()]);
                  if (mode === "stripe" && publishableKey) loadStripe(publishableKey).catch(() => setStripeFailed(true));
                }}
              >
                {t("event.payment.retry")}
              </Button>
            </div>
          ) : !ready || !cards || !mode ? (
            <p role="status" className="flex items-center gap-3 py-4 text-slate-600">
              <span className="h-5 w-5 animate-spin rounded-full border-2 border-green-600 border-t-transparent" aria-hidden="true" />
              {t("event.payment.loadingCards")}
            </p>
          ) : (
            <>
              {cards.length > 0 && <SavedCardPicker cards={cards} value={choice} onChange={setSelection} disabled={busy} />}
              {choice === NEW_CARD && <CardEntry mode={mode} publishableKey={publishableKey} disabled={busy} ref={cardEntry} />}
            </>
          )}

          {consentNeeded && (
            <Checkbox
              label={waitlist ? sharedMessage(autoChargeConsentText(price)) : t("event.gameOn.holdConsent", { price })}
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              disabled={busy}
              aria-required="true"
            />
          )}
        </form>
      </Dialog>
      {challenge && <SimulatedAuthenticationDialog priceCents={priceCents} onChoose={challenge} />}
    </>
  );
}
