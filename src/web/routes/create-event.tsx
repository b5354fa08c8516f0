import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ALL_FIELDS_REQUIRED, DATE_IN_PAST, createEventSchema, type CreateEventInput, type PlaceSuggestion } from "../../shared/events.ts";
import { DEFAULT_FEE, formatCents } from "../../shared/money.ts";
import { Button, Card, Checkbox, FormMessage, TextField } from "../components/form.tsx";
import { useNotify } from "../components/notification.tsx";
import { EventMap } from "../features/events/components/event-map.tsx";
import { PlaceSearch } from "../features/events/components/place-search.tsx";
import { useCreateEvent } from "../features/events/hooks/use-create-event.ts";
import { errorMessage } from "../lib/api.ts";
import { useConfig } from "../lib/config.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/** SPEC §9: the app goes to / this long after the success notification. */
const REDIRECT_AFTER_CREATE_MS = 500;
const MAP_PREVIEW_ZOOM = 15;

interface FormState {
  title: string;
  date: string;
  time: string;
  durationHours: string;
  durationMinutes: string;
  field: string;
  cost: string;
  maxPlayers: string;
  includeGoalkeepers: boolean;
  goalkeeperCost: string;
  maxGoalkeepers: string;
}

const initialState: FormState = {
  title: "",
  date: "",
  time: "",
  durationHours: "1",
  durationMinutes: "0",
  field: "",
  cost: "",
  maxPlayers: "",
  includeGoalkeepers: false,
  goalkeeperCost: "",
  maxGoalkeepers: "2",
};

/** Create New Event (admins; the shell shows home to everyone else). */
export default function CreateEventScreen() {
  useDocumentTitle("Create New Event");
  const navigate = useNavigate();
  const notify = useNotify();
  const config = useConfig();
  const createEvent = useCreateEvent();
  const [form, setForm] = useState(initialState);
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  const [error, setError] = useState("");
  // The fields the error line is about: marked invalid, and the first one gets the focus.
  const [invalid, setInvalid] = useState<{ fields: ReadonlySet<string> }>({ fields: new Set() });
  const [created, setCreated] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (invalid.fields.size > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);

  const fee = config.data?.payments ?? DEFAULT_FEE;
  const feeNote = `add the processing fee of ${fee.feePercent}% + ${formatCents(fee.feeFixedCents)}`;
  const set = <K extends keyof FormState>(key: K) => (value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearError();
  };
  const clearError = () => {
    setError("");
    setInvalid((current) => (current.fields.size === 0 ? current : { fields: new Set() }));
  };
  const choosePlace = (chosen: PlaceSuggestion | null) => {
    setPlace(chosen);
    clearError();
  };
  const text = (key: Exclude<keyof FormState, "includeGoalkeepers">) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.target.value),
    "aria-invalid": invalid.fields.has(key) || undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    const input = {
      title: form.title,
      date: form.date,
      time: form.time,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      durationHours: form.durationHours,
      durationMinutes: form.durationMinutes,
      location: place ? { name: place.name, latitude: place.latitude, longitude: place.longitude } : undefined,
      field: form.field,
      cost: form.cost,
      maxPlayers: form.maxPlayers,
      includeGoalkeepers: form.includeGoalkeepers,
      goalkeeperCost: form.includeGoalkeepers ? form.goalkeeperCost : "",
      maxGoalkeepers: form.includeGoalkeepers ? form.maxGoalkeepers : 2,
    };
    const problem = validate(input);
    if (problem) {
      setError(problem.message);
      setInvalid({ fields: new Set(problem.fields) });
      return;
    }
    try {
      await createEvent.mutateAsync(input as CreateEventInput);
      setCreated(true);
      notify("Event created successfully!");
      redirectTimer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_AFTER_CREATE_MS);
    } catch (caught) {
      setError(`Error creating event: ${errorMessage(caught)}`);
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
            <TextField label="Duration Hours" type="number" inputMode="numeric" required min={0} step={1} {...text("durationHours")} />
            <TextField label="Duration Minutes" type="number" inputMode="numeric" required min={0} max={59} step={1} {...text("durationMinutes")} />
          </div>
          <div className="flex flex-col gap-3">
            <PlaceSearch label="Event Location" selected={place} onSelect={choosePlace} invalid={invalid.fields.has("location")} />
            {place && (
              <>
                <EventMap latitude={place.latitude} longitude={place.longitude} label={place.name} zoom={MAP_PREVIEW_ZOOM} />
                <p className="text-sm text-slate-700">
                  {place.name} ({place.latitude.toFixed(4)}, {place.longitude.toFixed(4)})
                </p>
              </>
            )}
          </div>
          <TextField label="Field (optional)" maxLength={120} {...text("field")} />
          <TextField label={`Cost (${feeNote})`} inputMode="decimal" required placeholder="0.00" {...text("cost")} />
          <TextField label="Max Players (excluding goalkeepers)" type="number" inputMode="numeric" required min={1} step={1} {...text("maxPlayers")} />
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
              <TextField label="Max Goalkeepers" type="number" inputMode="numeric" required min={1} step={1} {...text("maxGoalkeepers")} />
            </div>
          )}
          <FormMessage kind="error">{error}</FormMessage>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Event"}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/**
 * The server's rules (same schema), plus SPEC's "no date in the past" in the organiser's clock:
 * the message for the inline error line, and the fields it is about.
 */
function validate(input: Record<string, unknown>): { message: string; fields: string[] } | null {
  const result = createEventSchema.safeParse(input);
  const issues = result.success ? [] : result.error.issues;
  const fieldOf = (issue: (typeof issues)[number]) => String(issue.path[0] ?? "");
  const missing = issues.filter((issue) => issue.message === ALL_FIELDS_REQUIRED);
  if (missing.length > 0) return { message: ALL_FIELDS_REQUIRED, fields: missing.map(fieldOf) };
  const startsAt = new Date(`${String(input.date)}T${String(input.time)}`);
  if (!Number.isNaN(startsAt.getTime()) && startsAt.getTime() <= Date.now()) return { message: DATE_IN_PAST, fields: ["date", "time"] };
  const first = issues[0];
  return first ? { message: first.message, fields: [fieldOf(first)] } : null;
}

/** YYYY-MM-DD of a day in the viewer's zone, for the date picker's minimum. */
function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
