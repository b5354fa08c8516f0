import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { type CreateEventInput, EVENT_LIMITS } from "#shared/events.ts";
import { GUEST_LIMIT_MESSAGE, MAX_GUESTS_PER_PLAYER } from "#shared/guests.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { currentIntlLocale, t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { Checkbox, TextField } from "#web/components/form-fields.tsx";
import { TextArea } from "#web/components/text-area.tsx";
import { ApiError, errorMessage } from "#web/lib/api.ts";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { checkCreateEvent, type FieldName, fieldMessagesOfServerError, fieldsOfServerError, type FormState, type LocationDraft, priceInputOf } from "#web/features/events/create-event-form.ts";
import { EventLocation } from "./event-location.tsx";
import { TimeZoneField } from "./time-zone-field.tsx";
import { DECIDE_HOURS } from "#shared/game-on.ts";

/**
 * The game's form, for creating one and for editing it (the same fields, checked by the same shared
 * schema as the server; docs/product-rules.md, "Validation"). `onSubmit` sends the checked input and
 * throws what the server said; `failure` words that message for the error line.
 */
export function EventForm({
  initial,
  timeZone,
  keepStart,
  submitLabel,
  busyLabel,
  failure,
  priceHint,
  extra,
  onSubmit,
}: {
  initial: { form: FormState; location: LocationDraft };
  /**
   * The zone the date and time are read in, until the organiser picks another on the form: the
   * organiser's (GAME_TIME_ZONE) for a new game, the game's own when editing. Sent with the game.
   */
  timeZone: string;
  /** Editing: the start as it is, which may already be past. */
  keepStart?: { date: string; time: string };
  submitLabel: string;
  busyLabel: string;
  /** The error line for what the server said ("Error creating event: …"). */
  failure: (message: string) => string;
  priceHint?: string;
  /** More fields of the screen's own, after the game's (a series' repeat, an edit's scope), given the form as typed. */
  extra?: (form: FormState) => ReactNode;
  /** Resolves once done (the screen moves on); throws to show the error. */
  onSubmit: (input: CreateEventInput) => Promise<void>;
}) {
  const config = useConfig();
  const currency = useCurrency();
  const errorId = useId();
  const [form, setForm] = useState(initial.form);
  // Null until the organiser picks a zone: the screen's (which may arrive with the app's settings) holds till then.
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const zone = chosenZone ?? timeZone;
  const [location, setLocation] = useState<LocationDraft>(initial.location);
  const [error, setError] = useState("");
  // The fields the error line is about: marked invalid, and the first one gets the focus; `messages`,
  // what the server said about a field, shown under it (a capacity a waiting party needs).
  const [invalid, setInvalid] = useState<{ fields: readonly FieldName[]; messages?: Partial<Record<FieldName, string>> }>({ fields: [] });
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (invalid.fields.length === 0) return;
    // A selector list matches in document order: the first field of the form the message is about.
    const selector = invalid.fields.map((field) => `[data-field="${field}"]`).join(", ");
    formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [invalid]);

  const fee = config.data?.payments ?? DEFAULT_FEE;
  const feeValues = { percent: new Intl.NumberFormat(currentIntlLocale(), { maximumFractionDigits: 20 }).format(fee.feePercent), fixed: formatCents(fee.feeFixedCents, currency) };
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
  const marks = (key: FieldName) => ({
    "data-field": key,
    "aria-invalid": invalidFields.has(key) || undefined,
    // The error line under the form says what is wrong with the field.
    ...(invalidFields.has(key) ? { "aria-describedby": errorId } : {}),
  });
  const text = (key: Exclude<keyof FormState, "includeGoalkeepers" | "notes" | "gameOn">) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.target.value),
    ...marks(key),
  });
  /** A number of spots: whole, at least one, at most `max`. */
  const spots = (max: number) => ({ type: "number", inputMode: "numeric", required: true, min: 1, max, step: 1 }) as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    const checked = checkCreateEvent(form, location, { timeZone: zone, now: new Date(), currency, keepStart });
    if (!checked.ok) {
      setError(checked.message);
      setInvalid({ fields: checked.fields });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.input);
    } catch (caught) {
      setBusy(false);
      setError(failure(errorMessage(caught)));
      if (caught instanceof ApiError) setInvalid({ fields: fieldsOfServerError(caught.fields, location.mode), messages: fieldMessagesOfServerError(caught.fields, location.mode) });
    }
  };

  return (
    <Card>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField label={t("admin.form.title")} required maxLength={120} {...text("title")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t("admin.form.date")} type="date" required min={keepStart ? undefined : localDate(new Date())} {...text("date")} />
          <TextField label={t("admin.form.time")} type="time" required {...text("time")} />
        </div>
        <TimeZoneField
          value={zone}
          onChange={(next) => {
            setChosenZone(next);
            clearError();
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t("admin.form.durationHours")} type="number" inputMode="numeric" required min={0} max={24} step={1} {...text("durationHours")} />
          <TextField label={t("admin.form.durationMinutes")} type="number" inputMode="numeric" required min={0} max={59} step={1} {...text("durationMinutes")} />
        </div>
        <EventLocation draft={location} onChange={changeLocation} invalid={invalidFields} errorId={errorId} />
        <TextField label={t("admin.form.fieldOptional")} maxLength={120} {...text("field")} />
        <TextArea
          label={t("admin.form.notesOptional")}
          hint={t("admin.form.notesHint", { max: EVENT_LIMITS.notes })}
          maxLength={EVENT_LIMITS.notes}
          value={form.notes}
          onChange={(event) => set("notes")(event.target.value)}
          {...marks("notes")}
        />
        <TextField
          label={t("admin.form.costWithFee", feeValues)}
          inputMode="decimal"
          required placeholder={priceInputOf(0)}
          hint={
            // Who pays the fee and what a refund keeps (docs/money.md), then the edit form's own word on prices.
            <>
              {t("admin.form.costFeeHint", feeValues)}
              {priceHint && <span className="mt-1 block">{priceHint}</span>}
            </>
          }
          {...text("cost")}
        />
        {/* The server's rule about the spots (a waiting party needs at least so many) under the field. */}
        <TextField label={t("admin.form.maxPlayersLong")} error={invalid.messages?.maxPlayers} {...spots(EVENT_LIMITS.maxPlayers)} {...text("maxPlayers")} />
        {/* +1 guests (src/shared/guests.ts): its own message under it, besides the form's error line. */}
        <TextField
          label={t("admin.form.guestsPerPlayer")}
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={MAX_GUESTS_PER_PLAYER}
          step={1}
          hint={t("admin.form.guestsPerPlayerHint", { max: MAX_GUESTS_PER_PLAYER })}
          error={invalidFields.has("maxGuestsPerPlayer") ? sharedMessage(GUEST_LIMIT_MESSAGE) : undefined}
          {...text("maxGuestsPerPlayer")}
        />
        <Checkbox
          label={t("admin.form.includeGoalkeepers")}
          checked={form.includeGoalkeepers}
          onChange={(event) => set("includeGoalkeepers")(event.target.checked)}
          {...marks("includeGoalkeepers")}
        />
        {form.includeGoalkeepers && (
          <div className="grid gap-5 border-l-4 border-green-100 pl-4">
            <TextField
              label={t("admin.form.goalkeeperCostWithFee", feeValues)}
              inputMode="decimal"
              placeholder={priceInputOf(0)}
              hint={t("admin.form.goalkeeperCostHint")}
              {...text("goalkeeperCost")}
            />
            <TextField label={t("admin.form.maxGoalkeepers")} error={invalid.messages?.maxGoalkeepers} {...spots(EVENT_LIMITS.maxGoalkeepers)} {...text("maxGoalkeepers")} />
          </div>
        )}
        {/* Game on (docs/game-on.md): played only with enough players; the cards are held until it is decided. */}
        <Checkbox
          label={t("admin.gameOn.enable")}
          checked={form.gameOn}
          onChange={(event) => set("gameOn")(event.target.checked)}
          {...marks("gameOn")}
        />
        {form.gameOn && (
          <div className="grid gap-5 border-l-4 border-green-100 pl-4">
            <p className="text-sm text-gray-700">{t("admin.gameOn.explain")}</p>
            <TextField label={t("admin.gameOn.minPlayers")} error={invalid.messages?.gameOnMinPlayers} {...spots(EVENT_LIMITS.maxPlayers)} {...text("gameOnMinPlayers")} />
            {form.includeGoalkeepers && (
              <TextField
                label={t("admin.gameOn.minGoalkeepers")}
                type="number"
                inputMode="numeric"
                min={0}
                max={EVENT_LIMITS.maxGoalkeepers}
                step={1}
                hint={t("admin.gameOn.minGoalkeepersHint")}
                error={invalid.messages?.gameOnMinGoalkeepers}
                {...text("gameOnMinGoalkeepers")}
              />
            )}
            <TextField
              label={t("admin.gameOn.decideHours")}
              type="number"
              inputMode="numeric"
              required
              min={DECIDE_HOURS.min}
              max={DECIDE_HOURS.max}
              step={1}
              hint={t("admin.gameOn.decideHoursHint", { min: DECIDE_HOURS.min, max: DECIDE_HOURS.max })}
              error={invalid.messages?.gameOnDecideHours}
              {...text("gameOnDecideHours")}
            />
            <TextField
              label={t("admin.gameOn.pitchCost")}
              inputMode="decimal"
              placeholder={priceInputOf(0)}
              hint={t("admin.gameOn.pitchCostHint")}
              error={invalid.messages?.pitchCost}
              {...text("pitchCost")}
            />
          </div>
        )}
        {extra?.(form)}
        <div id={errorId}>
          <FormMessage kind="error">{error}</FormMessage>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
    </Card>
  );
}

/** YYYY-MM-DD of a day in the viewer's zone, for the date picker's minimum. */
function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
