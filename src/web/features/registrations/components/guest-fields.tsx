import { useId, useLayoutEffect, useRef } from "react";
import { t } from "#web/i18n/i18n.ts";
import { Button } from "#web/components/form.tsx";
import { TextField } from "#web/components/form-fields.tsx";
import { useCurrency } from "#web/lib/config.ts";
import { GUEST_NAME_MAX } from "#shared/guests.ts";
import { partyPriceText } from "#web/features/registrations/guests.ts";
import type { GuestParty } from "#web/features/registrations/hooks/use-guest-draft.ts";

/**
 * The guests a player brings when joining (src/shared/guests.ts): "Add a guest" adds a row (first
 * name, last name optional) up to the game's limit, each removable before joining; the party's price
 * is said under them, the amount the payment dialog asks for. Checked when Join is pressed, each
 * problem under its field. In the side panel, never in the phone's bottom bar beside Join.
 */
export function GuestFields({ party, max, priceCents, goalkeepers }: { party: GuestParty; max: number; priceCents: number; goalkeepers: boolean }) {
  const currency = useCurrency();
  const headingId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const { drafts, errors, focusKey, failedChecks } = party;
  const total = partyPriceText(priceCents, drafts.length, currency);

  // A row just added: its first name, ready to type.
  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    if (focusKey) rootRef.current?.querySelector<HTMLInputElement>(`[data-guest="${focusKey}"] input`)?.focus();
  }, [focusKey]);
  // A join refused here: the first field with a problem, as the forms do.
  useLayoutEffect(() => {
    if (failedChecks > 0) rootRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [failedChecks]);

  const removeRow = (key: string, index: number) => {
    party.remove(key);
    // The focus stays in the rows: the row before, else Add a guest.
    requestAnimationFrame(() => {
      const rows = rootRef.current?.querySelectorAll<HTMLElement>("[data-guest]");
      const before = rows && index > 0 ? rows[index - 1]?.querySelector<HTMLInputElement>("input") : undefined;
      (before ?? addRef.current)?.focus();
    });
  };

  return (
    <section ref={rootRef} aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3">
      <div>
        <h2 id={headingId} className="font-semibold text-slate-900">
          {t("event.guests.title")}
        </h2>
        <p className="text-sm text-slate-600">{t(priceCents > 0 ? "event.guests.hintPaid" : "event.guests.hintFree", { max })}</p>
        {/* Join as Goalkeeper sends no guests: said before anyone types them in for nothing. */}
        {goalkeepers && <p className="text-sm text-slate-600">{t("event.guests.notGoalkeepers")}</p>}
      </div>
      {drafts.length > 0 && (
        <ol className="flex flex-col gap-3">
          {drafts.map((draft, index) => {
            const number = index + 1;
            const rowErrors = errors[index] ?? {};
            return (
              <li key={draft.key} data-guest={draft.key}>
                <fieldset className="flex min-w-0 flex-col gap-2 border-l-4 border-green-100 pl-3">
                  <legend className="sr-only">{t("event.guests.row", { number })}</legend>
                  <TextField
                    label={t("event.guests.firstName", { number })}
                    autoComplete="off"
                    maxLength={GUEST_NAME_MAX}
                    required
                    value={draft.firstName}
                    error={rowErrors.firstName}
                    onChange={(event) => party.change(draft.key, "firstName", event.target.value)}
                  />
                  <TextField
                    label={t("event.guests.lastName", { number })}
                    autoComplete="off"
                    maxLength={GUEST_NAME_MAX}
                    value={draft.lastName}
                    error={rowErrors.lastName}
                    onChange={(event) => party.change(draft.key, "lastName", event.target.value)}
                  />
                  <Button variant="secondary" className="self-start px-3 py-1 text-sm" aria-label={t("event.guests.removeRowLabel", { number })} onClick={() => removeRow(draft.key, index)}>
                    {t("event.guests.removeRow")}
                  </Button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {drafts.length < max ? (
        <Button ref={addRef} variant="secondary" className="self-start" onClick={party.add}>
          {t("event.guests.add")}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{t("event.guests.limitReached", { max })}</p>
      )}
      {total && (
        <p className="font-semibold text-slate-900">{total}</p>
      )}
    </section>
  );
}
