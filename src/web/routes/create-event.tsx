import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { EventForm } from "#web/features/events/components/event-form.tsx";
import type { CreatedEventState } from "#web/features/events/created-event-state.ts";
import { initialFormState, initialLocation } from "#web/features/events/create-event-form.ts";
import { useCreateEvent } from "#web/features/events/hooks/use-create-event.ts";
import { useCreateSeries } from "#web/features/series/use-create-series.ts";
import { RepeatFields } from "#web/features/series/components/repeat-fields.tsx";
import { checkRepeat, initialRepeat, repeatErrorsOfServer, repeatInput, type RepeatDraft, type RepeatErrors } from "#web/features/series/repeat-draft.ts";
import { ApiError } from "#web/lib/api.ts";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * The app goes on to the new game's page this long after the success notification, its Share
 * button ready (docs/product-rules.md, "Constants").
 */
const REDIRECT_AFTER_CREATE_MS = 500;

/**
 * Create New Event (admins; the shell shows home to everyone else). With "Repeat weekly" ticked it
 * creates a series instead, and goes on to the series' page with its first games (docs/series.md).
 */
export default function CreateEventScreen() {
  useDocumentTitle(t("admin.create.title"));
  const navigate = useNavigate();
  const notify = useNotify();
  const createEvent = useCreateEvent();
  const createSeries = useCreateSeries();
  const currency = useCurrency();
  // The organiser's zone (GAME_TIME_ZONE), shown and changeable on the form; the browser's until the settings arrive.
  const organiserZone = useConfig().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // ?repeat=weekly (the organiser's empty home, "Create a weekly series") opens the form with Repeat weekly ticked.
  const [searchParams] = useSearchParams();
  const [repeat, setRepeat] = useState(() => (searchParams.get("repeat") === "weekly" ? { ...initialRepeat, weekly: true } : initialRepeat));
  // What is wrong with each repeat field, from the shared schema or the server's 400; cleared as they
  // change, and as the game's Date does (the end date's message compares the two). All at once: the
  // next submit says again what still holds, and the focus stays where the person is typing.
  const [repeatErrors, setRepeatErrors] = useState<RepeatErrors>({});
  const clearRepeatErrors = () => setRepeatErrors((current) => (Object.keys(current).length === 0 ? current : {}));
  const changeRepeat = (next: RepeatDraft) => {
    setRepeat(next);
    clearRepeatErrors();
  };
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{t("admin.create.title")}</h1>
        {/* The weekly series made here are listed there (docs/series.md). */}
        <Link to={`${paths.console}/series`} className="text-sm font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.series.allSeries")}
        </Link>
      </div>
      <EventForm
        initial={{ form: initialFormState, location: initialLocation }}
        timeZone={organiserZone}
        submitLabel={t("admin.create.submit")}
        busyLabel={t("admin.create.busy")}
        failure={(message) => t("admin.create.failed", { message })}
        extra={(form) => <RepeatFields draft={repeat} onChange={changeRepeat} firstDate={form.date} onFirstDateChange={clearRepeatErrors} errors={repeatErrors} />}
        onSubmit={async (input) => {
          if (repeat.weekly) {
            const checked = checkRepeat(input, repeat, currency);
            if (checked.message) {
              setRepeatErrors(checked.errors);
              throw new Error(checked.message);
            }
            const created = await createSeries.mutateAsync({ ...input, repeat: repeatInput(repeat) }).catch((caught: unknown) => {
              if (caught instanceof ApiError) setRepeatErrors(repeatErrorsOfServer(caught.fields));
              throw caught;
            });
            notify(t("admin.series.created", { count: created.games.length }));
            navigate(`${paths.console}/series/${encodeURIComponent(created.series.id)}`);
            return;
          }
          const event = await createEvent.mutateAsync(input);
          notify(t("admin.create.done"));
          // The form stays busy until the page changes: the game exists, a second click must not create another.
          await new Promise<void>((resolve) => {
            redirectTimer.current = window.setTimeout(() => {
              navigate(paths.event(event.id), { state: { created: true } satisfies CreatedEventState });
              resolve();
            }, REDIRECT_AFTER_CREATE_MS);
          });
        }}
      />
    </div>
  );
}
