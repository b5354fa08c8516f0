import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { EVENT_LIMITS } from "../../shared/events.ts";
import { DEFAULT_FEE, formatCents } from "../../shared/money.ts";
import { Button, Card, Checkbox, FormMessage, TextField } from "../components/form.tsx";
import { useNotify } from "../components/notification.tsx";
import { EventLocation } from "../features/events/components/event-location.tsx";
import {
  checkCreateEvent,
  type FieldName,
  fieldsOfServerError,
  type FormState,
  initialFormState,
  initialLocation,
  type LocationDraft,
} from "../features/events/create-event-form.ts";
import { useCreateEvent } from "../features/events/hooks/use-create-event.ts";
import { ApiError, errorMessage } from "../lib/api.ts";
import { useConfig, useCurrency } from "../lib/config.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/** The app goes to / this long after the success notification (docs/product-rules.md, "Constants"). */
const REDIRECT_AFTER_CREATE_MS = 500;

/** Create New Event (admins; the shell shows home to everyone else). */
export default function CreateEventScreen() {
  useDocumentTitle("Create New Event");
  const navigate = useNavigate();
  const notify = useNotify();
  const config = useConfig();
  const createEvent = useCreateEvent();
  const errorId = useId();
  const [form, setForm] = useState(initialFormState);
  const [location, setLocation] = useState<LocationDraft>(initialLocation);
  const [error, setError] = useState("");
  // The fields the error line is about: marked invalid, and the first one gets the focus.
  const [invalid, setInvalid] = useState<{ fields: readonly FieldName[] }>({ fields: [] });
  const [created, setCreated] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (invalid.fields.length === 0) return;
    // A selector list matches in document order: the first field of the form the message is about.
    const selector = invalid.fields.map((field) => `[data-field="${field}"]`).join(", ");
    formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [invalid]);

  const fee = config.data?.payments ?? DEFAULT_FEE;
  const currency = useCurrency();
  const feeNote = `add the processing fee of ${fee.feePercent}% + ${formatCents(fee.feeFixedCents, currency)}`;
  const invalidFields = new Set(invalid.fields);
  const clearError = () => {
    setError("");
    setInvalid((current) => (current.fields.length === 0 ? current : { fields: [] }));
  };
  const set = <K extends keyof FormState>(key: K) => (value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearError();
  };
  const changeLocation = (update: (current: LocationDraft) => LocationDraft) => {
    setLocation(update);
    clearError();
  };
  const text = (key: Exclude<keyof FormState, "includeGoalkeepers">) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.target.value),
    "data-field": key,
    "aria-invalid": invalidFields.has(key) || undefined,
    // The error line under the form says what is wrong with the field.
    ...(invalidFields.has(key) ? { "aria-describedby": errorId } : {}),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    const checked = checkCreateEvent(form, location, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: new Date(), currency });
    if (!checked.ok) {
      setError(checked.message);
      setInvalid({ fields: checked.fields });
      return;
    }
    try {
      await createEvent.mutateAsync(checked.input);
      setCreated(true);
      notify("Event created successfully!");
      redirectTimer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_AFTER_CREATE_MS);
    } catch (caught) {
      setError(`Error creating event: ${errorMessage(caught)}`);
      if (caught instanceof ApiError) setInvalid({ fields: fieldsOfServerError(caught.fields, location.mode) });
    }
  };

  const busy = createEvent.isPending || created;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">Create New Event</h1>
      <Card>
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextField label="Title" required maxLength={120} {...text("title")} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Date" type="date" required min={localDate(new Date())} {...text("date")} />
            <TextField label="Event Time" type="time" required {...text("time")} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Duration Hours" type="number" inputMode="numeric" required min={0} max={24} step={1} {...text("durationHours")} />
            <TextField label="Duration Minutes" type="number" inputMode="numeric" required min={0} max={59} step={1} {...text("durationMinutes")} />
          </div>
          <EventLocation draft={location} onChange={changeLocation} invalid={invalidFields} errorId={errorId} />
          <TextField label="Field (optional)" maxLength={120} {...text("field")} />
          <TextField label={`Cost (${feeNote})`} inputMode="decimal" required placeholder="0.00" {...text("cost")} />
          <TextField
            label="Max Players (excluding goalkeepers)"
            type="number"
            inputMode="numeric"
            required
            min={1}
            max={EVENT_LIMITS.maxPlayers}
            step={1}
            {...text("maxPlayers")}
          />
          <Checkbox label="Include Goalkeepers" checked={form.includeGoalkeepers} onChange={(event) => set("includeGoalkeepers")(event.target.checked)} />
          {form.includeGoalkeepers && (
            <div className="grid gap-5 border-l-4 border-green-100 pl-4">
              <TextField
                label={`Goalkeeper Cost (${feeNote})`}
                inputMode="decimal"
                placeholder="0.00"
                hint="Leave blank to make goalkeeper spots free."
                {...text("goalkeeperCost")}
              />
              <TextField
                label="Max Goalkeepers"
                type="number"
                inputMode="numeric"
                required
                min={1}
                max={EVENT_LIMITS.maxGoalkeepers}
                step={1}
                {...text("maxGoalkeepers")}
              />
            </div>
          )}
          <div id={errorId}>
            <FormMessage kind="error">{error}</FormMessage>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Event"}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** YYYY-MM-DD of a day in the viewer's zone, for the date picker's minimum. */
function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
