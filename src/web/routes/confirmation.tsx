import { useSearchParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import { ButtonLink, Card } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";
import { AddToCalendarLink } from "#web/features/calendar/components/add-to-calendar-link.tsx";
import { ReceiptDetails } from "#web/features/registrations/components/receipt-details.tsx";
import { useReceipt } from "#web/features/registrations/hooks/use-receipt.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * The original product's 'Payment Successful!', with what was bought. The address names only the
 * game (`?event=`); what the viewer holds in it and paid comes from the server's receipt.
 */
export default function ConfirmationScreen() {
  useDocumentTitle(t("event.confirmation.title"));
  const [params] = useSearchParams();
  const eventId = params.get("event");
  const receipt = useReceipt(eventId);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="text-center">
        <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("event.confirmation.title")}</h1>
        <p className="mt-3 text-slate-700">{t("event.confirmation.spotConfirmed")}</p>
        {eventId && (
          <div className="mt-5" aria-live="polite" aria-busy={receipt.isPending}>
            {receipt.isPending ? (
              <p className="text-slate-600">{t("event.confirmation.loading")}</p>
            ) : receipt.isError ? (
              <DetailsFailed />
            ) : (
              <ReceiptDetails receipt={receipt.data} />
            )}
          </div>
        )}
        <div className="mt-6 flex flex-col gap-3">
          {receipt.isSuccess ? (
            <>
              <ButtonLink to={paths.event(receipt.data.event.id)} className="w-full">
                {t("event.confirmation.viewGame")}
              </ButtonLink>
              {/* The spot is held: the game goes into the calendar from here too (issue 32). */}
              <AddToCalendarLink eventId={receipt.data.event.id} look="button" />
              <Link
                to={paths.home}
                className="inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
              >
                {t("event.page.backToEvents")}
              </Link>
            </>
          ) : (
            <ButtonLink to={paths.home} className="w-full">
              {t("event.page.backToEvents")}
            </ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}

/** The receipt could not be read: where the viewer's games are, the link inside the sentence. */
function DetailsFailed() {
  const [before, after] = messageAround("event.confirmation.detailsFailed", "link");
  return (
    <p className="text-slate-700">
      {before}
      <Link to={paths.yourEvents} className="font-semibold text-green-800 underline">
        {t("event.confirmation.yourEvents")}
      </Link>
      {after}
    </p>
  );
}
