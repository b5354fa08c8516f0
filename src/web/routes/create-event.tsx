import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useNotify } from "../components/notification.tsx";
import { EventForm } from "../features/events/components/event-form.tsx";
import type { CreatedEventState } from "../features/events/created-event-state.ts";
import { initialFormState, initialLocation } from "../features/events/create-event-form.ts";
import { useCreateEvent } from "../features/events/hooks/use-create-event.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/**
 * The app goes on to the new game's page this long after the success notification, its Share
 * button ready (docs/product-rules.md, "Constants").
 */
const REDIRECT_AFTER_CREATE_MS = 500;

/** Create New Event (admins; the shell shows home to everyone else). */
export default function CreateEventScreen() {
  useDocumentTitle("Create New Event");
  const navigate = useNavigate();
  const notify = useNotify();
  const createEvent = useCreateEvent();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">Create New Event</h1>
      <EventForm
        initial={{ form: initialFormState, location: initialLocation }}
        timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        submitLabel="Create Event"
        busyLabel="Creating..."
        errorPrefix="Error creating event: "
        onSubmit={async (input) => {
          const event = await createEvent.mutateAsync(input);
          notify("Event created successfully!");
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
