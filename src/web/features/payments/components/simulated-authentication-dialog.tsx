import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { Dialog } from "#web/components/dialog.tsx";
import { Button } from "#web/components/form.tsx";
import { useCurrency } from "#web/lib/config.ts";
import type { AuthenticationOutcome } from "#web/features/payments/authenticate-simulated.ts";

/**
 * The simulated bank's check (3-D Secure with Stripe): the test card 4000 0027 6000 3184 asks for
 * it. Closing it counts as a failed check, as closing the bank's window does with Stripe.
 */
export function SimulatedAuthenticationDialog({ priceCents, onChoose }: { priceCents: number; onChoose: (outcome: AuthenticationOutcome) => void }) {
  const currency = useCurrency();
  return (
    <Dialog
      title={t("event.testBank.title")}
      onClose={() => onChoose("fail")}
      footer={
        <>
          <Button variant="secondary" onClick={() => onChoose("fail")}>
            {t("event.testBank.fail")}
          </Button>
          <Button data-autofocus onClick={() => onChoose("complete")}>
            {t("event.testBank.complete")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-slate-700">
        <p>{t("event.testBank.confirm", { amount: formatCents(priceCents, currency) })}</p>
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("event.testBank.note")}
        </p>
      </div>
    </Dialog>
  );
}
