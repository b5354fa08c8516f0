import { useId, useState, type KeyboardEvent } from "react";
import type { PlaceSuggestion } from "#shared/events.ts";
import { Button } from "#web/components/form.tsx";
import { errorMessage } from "#web/lib/api.ts";
import { t } from "#web/i18n/i18n.ts";
import { useDebouncedValue } from "#web/features/events/hooks/use-debounced-value.ts";
import { MIN_PLACE_QUERY, usePlaces } from "#web/features/events/hooks/use-places.ts";

const DEBOUNCE_MS = 300;

/**
 * The Event Location search box: an ARIA 1.2 combobox over GET /api/places. A location counts only
 * once it is picked from the list (it then has coordinates); typing again clears the choice.
 * Beside it, always, the way out when the search cannot help (no geocoder, no venues yet): typing
 * the venue in, offered prominently once the search fails or finds nothing.
 */
export function PlaceSearch({
  label,
  text,
  onTextChange,
  selected,
  onSelect,
  onEnterManually,
  invalid = false,
  errorId,
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  selected: PlaceSuggestion | null;
  onSelect: (place: PlaceSuggestion | null) => void;
  onEnterManually: () => void;
  /** Set when the form was sent without a place picked from the list. */
  invalid?: boolean;
  /** The form's error line, read out with the box while it is invalid. */
  errorId?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const places = usePlaces(query);

  const searching = query.length >= MIN_PLACE_QUERY;
  const options = searching ? (places.data?.places ?? []) : [];
  const expanded = open && options.length > 0;

  const choose = (place: PlaceSuggestion) => {
    onTextChange(place.name);
    setOpen(false);
    setActive(-1);
    onSelect(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((index) => (options.length === 0 ? -1 : Math.min(index + 1, options.length - 1)));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((index) => (options.length === 0 ? -1 : Math.max(index - 1, 0)));
        break;
      case "Enter": {
        const option = expanded ? options[active] : undefined;
        if (option) {
          // Picking an option must not submit the form.
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  let message: { text: string; error: boolean } | null = null;
  // Once a place is chosen, what the search said about earlier words no longer matters.
  if (selected) message = null;
  else if (searching && places.isError) message = { text: t("admin.places.failed", { message: errorMessage(places.error) }), error: true };
  else if (searching && places.data?.geocoderError) message = { text: places.data.geocoderError, error: true };
  // Not tied to the list being open: a line that vanished on blur would move the button under the pointer.
  else if (searching && places.isFetching && options.length === 0) message = { text: t("admin.places.searching"), error: false };
  else if (searching && places.isSuccess && options.length === 0) message = { text: t("admin.places.none"), error: false };
  const stuck = !selected && searching && (places.isError || Boolean(places.data?.geocoderError) || (places.isSuccess && options.length === 0));

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={invalid || undefined}
          data-field="location"
          aria-describedby={[invalid ? errorId : null, message ? messageId : null, selected ? null : hintId].filter(Boolean).join(" ") || undefined}
          placeholder={t("admin.places.placeholder")}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setActive(-1);
            if (selected) onSelect(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600 aria-[invalid=true]:border-red-500"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-[1100] mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((place, index) => (
            <li
              key={`${place.source}-${place.name}-${place.latitude}-${place.longitude}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep the focus in the input so that the click lands before it closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${index === active ? "bg-green-50 text-green-900" : "text-slate-800"}`}
            >
              <span>{place.name}</span>
              {place.source === "venue" && (
                <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t("admin.places.usedBefore")}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      {!selected && (
        <p id={hintId} className="text-xs text-slate-500">
          {t("admin.places.hint", { count: MIN_PLACE_QUERY })}
        </p>
      )}
      {message && (
        <p id={messageId} role={message.error ? "alert" : "status"} className={`text-sm ${message.error ? "text-red-700" : "text-slate-500"}`}>
          {message.text}
        </p>
      )}
      {stuck ? (
        <Button variant="secondary" className="self-start" onClick={onEnterManually}>
          {t("admin.places.enterVenue")}
        </Button>
      ) : (
        <button
          type="button"
          onClick={onEnterManually}
          className="self-start rounded text-sm font-medium text-green-800 underline underline-offset-2 hover:text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
        >
          {t("admin.places.enterVenue")}
        </button>
      )}
    </div>
  );
}
