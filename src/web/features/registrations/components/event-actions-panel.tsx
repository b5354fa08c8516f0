import { lazy, Suspense, useId, useRef, useState, type ReactNode } from "react";
import type { EventDetail } from "#shared/events.ts";
import type { GuestInput } from "#shared/guests.ts";
import { CANCEL_WINDOW_TEXT, joinNotice, priceFor, type RegistrationRole } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { Dialog } from "#web/components/dialog.tsx";
import { Button, ButtonLink, FormMessage } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/lib/paths.ts";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { eventActions, fullText, isRoleFull, joinKind, joinLabel } from "#web/features/registrations/event-actions.ts";
import type { GuestParty } from "#web/features/registrations/hooks/use-guest-draft.ts";
import { useJoinEvent } from "#web/features/registrations/hooks/use-join-event.ts";
import { CancelEventDialog } from "./cancel-event-dialog.tsx";
import { CancelRegistrationDialog } from "./cancel-registration-dialog.tsx";

/** The dialog the page shows; a player's payment carries the guests they bring (checked already). */
export type OpenDialog = { kind: "pay"; role: RegistrationRole; guests?: GuestInput[] } | { kind: "cancel-registration" } | { kind: "cancel-event" } | null;

/**
 * The event page's everyday buttons: join as player or goalkeeper (or their waitlists, once full),
 * cancel the registration or leave the waitlist, and for admins the Check-in link while its window
 * is open; `extra` (Share Event) joins them. A column in the side panel; in the bottom bar on phones
 * (`bar`), two to a row. Cancel Event & Refund is not here: it is in the page's Organiser section
 * (OrganiserActions), never a thumb's slip from a join. The dialogs they open are the page's
 * (EventActionDialogs): the panel moves between side and bar when a phone turns, a dialog must not.
 * Which buttons show when: docs/product-rules.md, "Screens and routes" and "Full games".
 * `guests` are the rows of the page's guest fields (GuestFields) when the game takes guests: a
 * player's join checks them and brings them (src/shared/guests.ts).
 */
export function EventActionsPanel({
  event,
  viewer,
  now,
  bar,
  extra,
  guests,
  openDialog,
}: {
  event: EventDetail;
  viewer: { id: string; isAdmin: boolean } | null | undefined;
  now: Date;
  bar: boolean;
  extra?: ReactNode;
  guests?: GuestParty;
  openDialog: (dialog: OpenDialog) => void;
}) {
  const isAdmin = Boolean(viewer?.isAdmin);
  const actions = eventActions({ event, mine: event.mine, now, isAdmin });
  const join = useJoinEvent(event.id);
  const notify = useNotify();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const fullId = useId();
  const setDialog = openDialog;

  // Guests come with a player only; goalkeepers bring none.
  const guestCount = guests?.drafts.length ?? 0;
  // While the guests are checked (their check may still be on its way, use-guest-draft.ts) a second
  // tap starts nothing: one join per tap.
  const checkingGuests = useRef(false);
  const startJoin = async (role: RegistrationRole) => {
    setError("");
    setNotice("");
    let bringing: GuestInput[] | null = [];
    if (role === "player" && guests && guestCount > 0) {
      if (checkingGuests.current) return;
      checkingGuests.current = true;
      try {
        bringing = await guests.check();
      } catch (caught) {
        setError(registrationErrorMessage(caught));
        return;
      } finally {
        checkingGuests.current = false;
      }
    }
    if (bringing === null) return;
    const withGuests = bringing.length > 0 ? { guests: bringing } : {};
    const party = 1 + bringing.length;
    if (joinKind(event, role, viewer?.id, party) !== "free") {
      setDialog({ kind: "pay", role, ...withGuests });
      return;
    }
    // What the button promised: a spot, or (the game being full) the waitlist.
    const promisedWaitlist = isRoleFull(event, role, viewer?.id, party);
    // The price shown (free): a game made paid meanwhile refuses the join, naming its price, which the
    // page, read again, then shows on its way to the payment.
    join.mutate(
      { role, expectedPriceCents: priceFor(event, role), ...withGuests },
      {
        onSuccess: ({ registration }) => {
          notify(sharedMessage(joinNotice(role, registration.status)));
          if (role === "player") guests?.clear();
          // The last spot went while the page showed it open: say so where the person is looking,
          // not only in a toast that fades (the status box then shows the place).
          if (registration.status === "waitlisted" && !promisedWaitlist) {
            setNotice(t(role === "player" ? "event.actions.lastPlayerSpotTaken" : "event.actions.lastGoalkeeperSpotTaken"));
          }
        },
        onError: (caught) => setError(registrationErrorMessage(caught)),
      },
    );
  };
  const joining = (role: RegistrationRole) => join.isPending && join.variables?.role === role;
  const row = bar ? "flex flex-wrap gap-2 *:flex-1 *:basis-36 *:px-3 *:text-sm" : "flex flex-col gap-2";
  const full = fullText(event, { player: actions.joinPlayer, goalkeeper: actions.joinGoalkeeper }, viewer?.id, guestCount);
  const describedIfFull = (role: RegistrationRole) => (full && isRoleFull(event, role, viewer?.id, role === "player" ? 1 + guestCount : 1) ? fullId : undefined);

  return (
    <div className="flex flex-col gap-2">
      {actions.cancelWindowText && <p className="text-sm text-slate-600">{sharedMessage(CANCEL_WINDOW_TEXT)}</p>}
      {full && (
        <p id={fullId} className="text-sm font-semibold text-amber-900">
          {full}
        </p>
      )}
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="success">{notice}</FormMessage>
      <div className={row}>
        {actions.checkIn && <ButtonLink to={paths.checkIn(event.id)}>{t("event.actions.checkIn")}</ButtonLink>}
        {actions.completePayment && (
          <Button onClick={() => setDialog({ kind: "pay", role: actions.completePayment! })}>{t("event.actions.completePayment")}</Button>
        )}
        {actions.joinPlayer && (
          <Button onClick={() => void startJoin("player")} disabled={join.isPending} aria-describedby={describedIfFull("player")}>
            {joining("player") ? t("event.actions.joining") : joinLabel(event, "player", viewer?.id, guestCount)}
          </Button>
        )}
        {actions.joinGoalkeeper && (
          <Button onClick={() => void startJoin("goalkeeper")} disabled={join.isPending} aria-describedby={describedIfFull("goalkeeper")}>
            {joining("goalkeeper") ? t("event.actions.joining") : joinLabel(event, "goalkeeper", viewer?.id)}
          </Button>
        )}
        {actions.cancelRegistration && (
          <Button variant="secondary" onClick={() => setDialog({ kind: "cancel-registration" })}>
            {t("event.actions.cancelRegistration")}
          </Button>
        )}
        {actions.leaveWaitlist && (
          <Button variant="secondary" onClick={() => setDialog({ kind: "cancel-registration" })}>
            {t("event.actions.leaveWaitlist")}
          </Button>
        )}
        {extra}
      </div>
    </div>
  );
}

/**
 * The organiser's own actions on the page (admins): Cancel Event & Refund, in the page body under a
 * heading of its own, apart from the everyday buttons and never in the phone's bottom bar, where it
 * would sit a thumb's slip from Join (docs/product-rules.md, "Screens and routes").
 */
export function OrganiserActions({ event, viewer, now, openDialog }: { event: EventDetail; viewer: { isAdmin: boolean } | null | undefined; now: Date; openDialog: (dialog: OpenDialog) => void }) {
  const headingId = useId();
  const actions = eventActions({ event, mine: event.mine, now, isAdmin: Boolean(viewer?.isAdmin) });
  if (!actions.cancelEvent) return null;
  return (
    <section aria-labelledby={headingId} className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h2 id={headingId} className="text-sm font-bold uppercase tracking-wide text-slate-600">
        {t("event.actions.organiser")}
      </h2>
      <Button variant="danger" onClick={() => openDialog({ kind: "cancel-event" })}>
        {t("event.actions.cancelEvent")}
      </Button>
    </section>
  );
}

// The payment dialog, its card form and the card rules (Zod) load when a payment starts: most visits
// to an event page never open it, and they should not pay for it in their first paint.
const PaidJoinDialog = lazy(() => import("./paid-join-dialog.tsx").then((module) => ({ default: module.PaidJoinDialog })));

/** The dialog the actions opened, rendered once by the page whatever the layout. `onJoined`: a paid join went through (a spot or a waitlist place). */
export function EventActionDialogs({
  event,
  viewerId,
  dialog,
  onClose,
  onJoined,
}: {
  event: EventDetail;
  viewerId: string | undefined;
  dialog: OpenDialog;
  onClose: () => void;
  onJoined?: () => void;
}) {
  if (dialog?.kind === "pay") {
    return (
      <Suspense
        fallback={
          <Dialog title={t("event.actions.loading")} onClose={onClose}>
            <Spinner />
          </Dialog>
        }
      >
        <PaidJoinDialog event={event} role={dialog.role} guests={dialog.guests ?? []} viewerId={viewerId} onClose={onClose} onJoined={onJoined} />
      </Suspense>
    );
  }
  if (dialog?.kind === "cancel-registration") return <CancelRegistrationDialog event={event} onClose={onClose} />;
  if (dialog?.kind === "cancel-event") return <CancelEventDialog event={event} onClose={onClose} />;
  return null;
}
