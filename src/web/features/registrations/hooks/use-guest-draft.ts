import { useCallback, useMemo, useRef, useState } from "react";
import type { GuestInput } from "#shared/guests.ts";
import type { checkGuests as checkGuestsType } from "#web/features/registrations/check-guests.ts";
import type { GuestDraft, GuestErrors } from "#web/features/registrations/guests.ts";

type CheckGuests = typeof checkGuestsType;
let checker: Promise<CheckGuests> | undefined;
/**
 * The rows' check, with the shared schema it uses (and zod), fetched when a first row is added rather
 * than with the game's page (check-guests.ts); fetched again next time if it could not be.
 */
function loadCheck(): Promise<CheckGuests> {
  checker ??= import("#web/features/registrations/check-guests.ts").then(
    (module) => module.checkGuests,
    (error: unknown) => {
      checker = undefined;
      throw error;
    },
  );
  return checker;
}

export interface GuestParty {
  drafts: GuestDraft[];
  errors: GuestErrors;
  /** The row whose first name should take the focus once shown (a row just added), or null. */
  focusKey: string | null;
  /** Counts the checks that failed: each one sends the focus to the first field with a problem. */
  failedChecks: number;
  add: () => void;
  remove: (key: string) => void;
  change: (key: string, field: "firstName" | "lastName", value: string) => void;
  /**
   * The guests to send, checked by the shared schema; null (and each problem under its field) when one
   * is wrong. Rejects when the check itself could not be fetched (offline since the first row came).
   */
  check: () => Promise<GuestInput[] | null>;
  clear: () => void;
}

/**
 * The guest rows of a player's join, kept by the event page: the rows sit in the side panel while the
 * Join button may be in the phone's bottom bar, and the payment dialog sends what they held.
 */
export function useGuestDraft(): GuestParty {
  // The rows and their messages change together: a removed row takes its messages with it.
  const [state, setState] = useState<{ drafts: GuestDraft[]; errors: GuestErrors }>({ drafts: [], errors: [] });
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [failedChecks, setFailedChecks] = useState(0);
  const nextKey = useRef(0);

  const add = useCallback(() => {
    const key = `guest-${nextKey.current++}`;
    setState(({ drafts, errors }) => ({ drafts: [...drafts, { key, firstName: "", lastName: "" }], errors: errors.length === 0 ? errors : [...errors, {}] }));
    setFocusKey(key);
    // By the time the row is filled in, its check is here.
    loadCheck().catch(() => undefined);
  }, []);
  const remove = useCallback((key: string) => {
    setState(({ drafts, errors }) => {
      const index = drafts.findIndex((draft) => draft.key === key);
      return { drafts: drafts.filter((_, at) => at !== index), errors: errors.filter((_, at) => at !== index) };
    });
    setFocusKey(null);
  }, []);
  const change = useCallback((key: string, field: "firstName" | "lastName", value: string) => {
    setState(({ drafts, errors }) => {
      const index = drafts.findIndex((draft) => draft.key === key);
      return {
        drafts: drafts.map((draft, at) => (at === index ? { ...draft, [field]: value } : draft)),
        // What was said about the field goes as it changes; the next join checks again.
        errors: errors[index]?.[field] ? errors.map((row, at) => (at === index ? { ...row, [field]: undefined } : row)) : errors,
      };
    });
  }, []);
  const { drafts, errors } = state;
  const check = useCallback(async (): Promise<GuestInput[] | null> => {
    const checkGuests = await loadCheck();
    const result = checkGuests(drafts);
    setState((current) => ({ drafts: current.drafts, errors: result.ok ? [] : result.errors }));
    if (!result.ok) setFailedChecks((count) => count + 1);
    return result.ok ? result.guests : null;
  }, [drafts]);
  const clear = useCallback(() => {
    setState((current) => (current.drafts.length === 0 && current.errors.length === 0 ? current : { drafts: [], errors: [] }));
    setFocusKey(null);
  }, []);

  return useMemo(() => ({ drafts, errors, focusKey, failedChecks, add, remove, change, check, clear }), [drafts, errors, focusKey, failedChecks, add, remove, change, check, clear]);
}
