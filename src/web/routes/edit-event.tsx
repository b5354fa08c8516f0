import { useNavigate, useParams } from "react-router";
import type { EventDetail } from "../../shared/events.ts";
import { ButtonLink } from "../components/form.tsx";
import { NotFoundMessage } from "../components/not-found-message.tsx";
import { useNotify } from "../components/notification.tsx";
import { Spinner } from "../components/spinner.tsx";
import { EventForm } from "../features/events/components/event-form.tsx";
import { QueryError } from "../features/events/components/query-error.tsx";
import { formOfEvent } from "../features/events/create-event-form.ts";
import { useEditEvent } from "../features/events/hooks/use-edit-event.ts";
import { useEvent } from "../features/events/hooks/use-event.ts";
import { ApiError } from "../lib/api.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/**
 * /admin/event/:id/edit: an admin edits a game with the create form, filled in (admins; the shell
 * shows home to everyone else). The server keeps the rules: capacity not below the spots held,
 * prices only while nobody has paid (docs/product-rules.md, "Editing and cancelling a game").
 */
export default function EditEventScreen() {
  const { id = "" } = useParams();
  const event = useEvent(id);
  useDocumentTitle(event.data ? `Edit ${event.data.title}` : "Edit Game");
  if (event.error instanceof ApiError && event.error.status === 404) {
    return <NotFoundMessage title="Event not found." text="The game may have been removed, or the link is not complete." />;
  }
  if (event.isError) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-16 text-center">
        <QueryError title="The event could not be loaded." error={event.error} onRetry={() => void event.refetch()} />
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
  const closed = event.status === "cancelled" ? "It was cancelled." : Date.parse(event.endsAt) <= Date.now() ? "It is over." : null;
  // Filled in once: the event page's polling must not overwrite what the organiser is typing.
  const initial = formOfEvent(event);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900 wrap-anywhere">Edit {event.title}</h1>
      {closed ? (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">This game can no longer be edited. {closed}</p>
          <ButtonLink to={paths.event(event.id)}>Back to the game</ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-slate-600">Everyone with a spot or a waitlist place is emailed what you change.</p>
          <EventForm
            initial={initial}
            timeZone={event.timeZone}
            keepStart={{ date: initial.form.date, time: initial.form.time }}
            submitLabel="Save Changes"
            busyLabel="Saving..."
            errorPrefix="Could not save the changes: "
            priceHint="Prices can change only while nobody has paid."
            onSubmit={async (input) => {
              const { changes, notified } = await edit.mutateAsync(input);
              notify(changes.length === 0 ? "Nothing changed." : `Game updated.${notified > 0 ? ` ${notified === 1 ? "1 person was" : `${notified} people were`} emailed the changes.` : ""}`);
              navigate(paths.event(event.id));
            }}
          />
        </>
      )}
    </div>
  );
}
