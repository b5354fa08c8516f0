import { useId, useLayoutEffect, useRef, useState } from "react";
import { TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { enterVenueManually, type FieldName, type LocationDraft } from "#web/features/events/create-event-form.ts";
import { formatPoint, parseMapLocation } from "#web/features/events/map-link.ts";
import { EventMap } from "./event-map.tsx";
import { PlaceSearch } from "./place-search.tsx";

/** The map preview's zoom (docs/product-rules.md, "Constants"). */
const MAP_PREVIEW_ZOOM = 15;

/**
 * Event Location on the Create New Event form: the place search, or the venue typed in by the
 * organiser (name and address, and optionally its point from coordinates, a pasted map link, or the
 * map's pin; docs/decisions/021), which works with no geocoder and no map tiles at all. Fields carry `data-field` so that the form
 * can focus the first one its error line is about.
 */
export function EventLocation({
  draft,
  onChange,
  invalid,
  errorId,
}: {
  draft: LocationDraft;
  /** Takes an update of the current draft: the search box reports its text and its choice one after the other. */
  onChange: (update: (current: LocationDraft) => LocationDraft) => void;
  /** The fields the form's error line is about. */
  invalid: ReadonlySet<FieldName>;
  errorId: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  // After a switch the button that was pressed is gone: the focus goes to the first field of the other
  // way, before the switch is painted (an effect runs after the paint with Preact, and a key pressed
  // meanwhile went to the page; an e2e run read the focus in that moment).
  useLayoutEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    container.current?.querySelector<HTMLElement>(draft.mode === "manual" ? "input" : '[role="combobox"]')?.focus();
  }, [draft.mode]);
  const switchTo = (update: (current: LocationDraft) => LocationDraft) => {
    switched.current = true;
    onChange(update);
  };

  const { place } = draft;
  return (
    <div ref={container} className="flex flex-col gap-3">
      {draft.mode === "search" ? (
        <>
          <PlaceSearch
            label={t("admin.form.location")}
            text={draft.searchText}
            onTextChange={(searchText) => onChange((current) => ({ ...current, searchText }))}
            selected={place}
            onSelect={(chosen) => onChange((current) => ({ ...current, place: chosen }))}
            onEnterManually={() => switchTo(enterVenueManually)}
            invalid={invalid.has("location")}
            errorId={errorId}
          />
          {place && (
            <>
              <EventMap latitude={place.latitude} longitude={place.longitude} label={place.name} zoom={MAP_PREVIEW_ZOOM} />
              <PointLine name={place.name} latitude={place.latitude} longitude={place.longitude} />
            </>
          )}
        </>
      ) : (
        <VenueEntry draft={draft} onChange={onChange} invalid={invalid} errorId={errorId} onSearch={() => switchTo((current) => ({ ...current, mode: "search" }))} />
      )}
    </div>
  );
}

function VenueEntry({
  draft,
  onChange,
  invalid,
  errorId,
  onSearch,
}: {
  draft: LocationDraft;
  onChange: (update: (current: LocationDraft) => LocationDraft) => void;
  invalid: ReadonlySet<FieldName>;
  errorId: string;
  onSearch: () => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const feedbackId = `${id}-feedback`;
  const mapHintId = `${id}-map-hint`;
  // Say what is wrong with a pasted point once the organiser is done with the field, not at every key.
  const [touched, setTouched] = useState(false);
  const text = draft.coordinates.trim();
  const parsed = text ? parseMapLocation(text) : null;
  const point = parsed?.ok ? parsed : null;
  const flagged = invalid.has("coordinates");
  // While the form's error line says it, it is not repeated here.
  const feedback = touched && !flagged && parsed && !parsed.ok ? parsed.message : "";
  const name = draft.venueName.trim();

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("admin.form.location")}</legend>
      <TextField
        label={t("admin.form.venueName")}
        placeholder={t("admin.venue.placeholder")}
        maxLength={300}
        autoComplete="off"
        value={draft.venueName}
        onChange={(event) => {
          const venueName = event.target.value;
          onChange((current) => ({ ...current, venueName }));
        }}
        data-field="venueName"
        aria-invalid={invalid.has("venueName") || undefined}
        aria-describedby={invalid.has("venueName") ? errorId : undefined}
      />
      <div className="flex flex-col gap-1">
        <TextField
          label={t("admin.venue.coordinatesOptional")}
          placeholder="40.7812, -73.9665"
          autoComplete="off"
          spellCheck={false}
          value={draft.coordinates}
          onChange={(event) => {
            const coordinates = event.target.value;
            onChange((current) => ({ ...current, coordinates }));
          }}
          onBlur={() => setTouched(true)}
          onPaste={() => setTouched(true)}
          data-field="coordinates"
          aria-invalid={flagged || Boolean(feedback) || undefined}
          aria-describedby={[flagged ? errorId : null, feedback ? feedbackId : null, hintId].filter(Boolean).join(" ")}
        />
        <p id={hintId} className="text-xs text-slate-500">
          {t("admin.venue.hint")}
        </p>
        {feedback && (
          <p id={feedbackId} role="alert" className="text-sm text-red-700">
            {feedback}
          </p>
        )}
      </div>
      <p id={mapHintId} className="sr-only">
        {t("admin.venue.mapHint")}
      </p>
      <EventMap
        latitude={point?.latitude ?? null}
        longitude={point?.longitude ?? null}
        label={name || t("admin.venue.pin")}
        zoom={MAP_PREVIEW_ZOOM}
        onPick={(picked) => {
          setTouched(false);
          onChange((current) => ({ ...current, coordinates: formatPoint(picked.latitude, picked.longitude) }));
        }}
        regionLabel={t("admin.venue.mapRegion")}
        describedBy={mapHintId}
      />
      {point && <PointLine name={name} latitude={point.latitude} longitude={point.longitude} live />}
      <button
        type="button"
        onClick={onSearch}
        className="self-start rounded text-sm font-medium text-green-800 underline underline-offset-2 hover:text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
      >
        {t("admin.venue.search")}
      </button>
    </fieldset>
  );
}

/** The address and the coordinates to 4 decimals (docs/product-rules.md, "Constants"); announced when the pin moves. */
function PointLine({ name, latitude, longitude, live = false }: { name: string; latitude: number; longitude: number; live?: boolean }) {
  const coordinates = `(${latitude.toFixed(4)}, ${longitude.toFixed(4)})`;
  return (
    <p className="text-sm text-slate-700" aria-live={live ? "polite" : undefined}>
      {name ? `${name} ${coordinates}` : coordinates}
    </p>
  );
}
