import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { EventDetail } from "#shared/events.ts";
import type { EditScope } from "#shared/series.ts";
import { ButtonLink } from "#web/components/form.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { EventForm } from "#web/features/events/components/event-form.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formOfEvent } from "#web/features/events/create-event-form.ts";
import { useEditEvent } from "#web/features/events/hooks/use-edit-event.ts";
import { useEvent } from "#web/features/events/hooks/use-event.ts";
import { useEditSeriesGame } from "#web/features/series/use-edit-series-game.ts";
import { EditScopeFields } from "#web/features/series/components/edit-scope-fields.tsx";
import { ApiError } from "#web/lib/api.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * /admin/event/:id/edit: an admin edits a game with the create form, filled in (admins; the shell
 * shows home to everyone else). The server keeps the rules: held spots stay under a lower capacity,
 * a new price is for new registrations only (docs/product-rules.md, "Editing and cancelling a game").
 * A series' game can be edited alone or with the games after it (docs/series.md).
 */
export default function EditEventScreen() {
  const { id = "" } = useParams();
  const event = useEvent(id);
  useDocumentTitle(event.data ? t("admin.edit.title", { title: event.data.title }) : t("admin.edit.loadingTitle"));
  if (event.error instanceof ApiError && event.error.status === 404) {
    return <NotFoundMessage title={t("admin.eventNotFound")} text={t("admin.gone")} />;
  }
  if (event.isError) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-16 text-center">
        <QueryError title={t("admin.edit.loadFailed")} error={event.error} onRetry={() => void event.refetch()} />
      </div>
    );
  }
  if (!event.data) return <Spinner />;
  return <EditForm event={event.data} />;
}

function EditForm({ event }: { event: EventDetail }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const edit = useEditEvent(event.id);
  const editSeries = useEditSeriesGame(event.seriesId ?? "", event.id);
  const [scope, setScope] = useState<EditScope>("this");
  const closed = event.status === "cancelled" ? t("admin.edit.closedCancelled") : Date.parse(event.endsAt) <= Date.now() ? t("admin.edit.closedOver") : null;
  // Filled in once: the event page's polling must not overwrite what the organiser is typing.
  const initial = formOfEvent(event);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900 wrap-anywhere">{t("admin.edit.title", { title: event.title })}</h1>
      {closed ? (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">{closed}</p>
          <ButtonLink to={paths.event(event.id)}>{t("admin.backToGame")}</ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-slate-600">{t("admin.edit.intro")}</p>
          <EventForm
            initial={initial}
            timeZone={event.timeZone}
            keepStart={{ date: initial.form.date, time: initial.form.time }}
            submitLabel={t("admin.edit.submit")}
            busyLabel={t("admin.edit.busy")}
            failure={(message) => t("admin.edit.failed", { message })}
            priceHint={t("admin.edit.priceHint")}
            extra={event.seriesId ? () => <EditScopeFields scope={scope} onChange={setScope} /> : undefined}
            onSubmit={async (input) => {
              if (event.seriesId && scope === "following") {
                const result = await editSeries.mutateAsync({ ...input, scope });
                notify(result.refused.length > 0 ? t("admin.series.editedSomeRefused", { count: result.edited, refused: result.refused.length }) : t("admin.series.edited", { count: result.edited }));
                navigate(`${paths.console}/series/${encodeURIComponent(event.seriesId)}`);
                return;
              }
              const { changes, notified } = await edit.mutateAsync(input);
              notify(changes.length === 0 ? t("admin.edit.unchanged") : notified > 0 ? t("admin.edit.updatedNotified", { count: notified }) : t("admin.edit.updated"));
              navigate(paths.event(event.id));
            }}
          />
        </>
      )}
    </div>
  );
}
