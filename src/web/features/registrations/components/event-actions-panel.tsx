import { lazy, Suspense, useState, type ReactNode } from "react";
import type { EventDetail } from "../../../../shared/events.ts";
import { CANCEL_WINDOW_TEXT, joinNotice, type RegistrationRole } from "../../../../shared/registrations.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { Button, ButtonLink, FormMessage } from "../../../components/form.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { paths } from "../../../lib/paths.ts";
import { registrationErrorMessage } from "../error-message.ts";
import { eventActions, joinKind } from "../event-actions.ts";
import { useJoinEvent } from "../hooks/use-join-event.ts";
import { CancelEventDialog } from "./cancel-event-dialog.tsx";
import { CancelRegistrationDialog } from "./cancel-registration-dialog.tsx";

export type OpenDialog = { kind: "pay"; role: RegistrationRole } | { kind: "cancel-registration" } | { kind: "cancel-event" } | null;

/**
 * The event page's buttons: join as player or goalkeeper, cancel the registration,
 * and for admins the Check-in link while its window is open and, apart from the everyday ones,
 * cancel the event; `extra` (Share Event) joins them. A column in the side panel;
 * in the bottom bar on phones (`bar`), two to a row. The dialogs they open are the page's
 * (EventActionDialogs): the panel moves between side and bar when a phone turns, a dialog must not.
 * Which buttons show when: docs/product-rules.md, "Screens and routes".
 */
export function EventActionsPanel({
  event,
  viewer,
  now,
  bar,
  extra,
  openDialog,
}: {
  event: EventDetail;
  viewer: { id: string; isAdmin: boolean } | null | undefined;
  now: Date;
  bar: boolean;
  extra?: ReactNode;
  openDialog: (dialog: OpenDialog) => void;
}) {
  const isAdmin = Boolean(viewer?.isAdmin);
  const actions = eventActions({ event, mine: event.mine, now, isAdmin });
  const join = useJoinEvent(event.id);
  const notify = useNotify();
  const [error, setError] = useState("");
  const setDialog = openDialog;

  const startJoin = (role: RegistrationRole) => {
    setError("");
    if (joinKind(event, role, viewer?.id) !== "free") {
      setDialog({ kind: "pay", role });
      return;
    }
    join.mutate(
      { role },
      {
        onSuccess: ({ registration }) => notify(joinNotice(role, registration.status)),
        onError: (caught) => setError(registrationErrorMessage(caught)),
      },
    );
  };
  const joining = (role: RegistrationRole) => join.isPending && join.variables?.role === role;
  const row = bar ? "flex flex-wrap gap-2 *:flex-1 *:basis-36 *:px-3 *:text-sm" : "flex flex-col gap-2";

  return (
    <div className="flex flex-col gap-2">
      {actions.cancelWindowText && <p className="text-sm text-slate-600">{CANCEL_WINDOW_TEXT}</p>}
      <FormMessage kind="error">{error}</FormMessage>
      <div className={row}>
        {actions.checkIn && <ButtonLink to={paths.checkIn(event.id)}>Check-in</ButtonLink>}
        {actions.completePayment && (
          <Button onClick={() => setDialog({ kind: "pay", role: actions.completePayment! })}>Complete payment</Button>
        )}
        {actions.joinPlayer && (
          <Button onClick={() => startJoin("player")} disabled={join.isPending}>
            {joining("player") ? "Joining..." : "Join as Player"}
          </Button>
        )}
        {actions.joinGoalkeeper && (
          <Button onClick={() => startJoin("goalkeeper")} disabled={join.isPending}>
            {joining("goalkeeper") ? "Joining..." : "Join as Goalkeeper"}
          </Button>
        )}
        {actions.cancelRegistration && (
          <Button variant="secondary" onClick={() => setDialog({ kind: "cancel-registration" })}>
            Cancel Registration
          </Button>
        )}
        {extra}
      </div>
      {/* The destructive action on a row of its own, below the everyday ones: never a thumb's slip from Check-in. */}
      {actions.cancelEvent && (
        <div className={`${row} border-t border-slate-200 pt-2`}>
          <Button variant="danger" onClick={() => setDialog({ kind: "cancel-event" })}>
            Cancel Event & Refund
          </Button>
        </div>
      )}
    </div>
  );
}

// The payment dialog, its card form and the card rules (Zod) load when a payment starts: most visits
// to an event page never open it, and they should not pay for it in their first paint.
const PaidJoinDialog = lazy(() => import("./paid-join-dialog.tsx").then((module) => ({ default: module.PaidJoinDialog })));

/** The dialog the actions opened, rendered once by the page whatever the layout. */
export function EventActionDialogs({ event, viewerId, dialog, onClose }: { event: EventDetail; viewerId: string | undefined; dialog: OpenDialog; onClose: () => void }) {
  if (dialog?.kind === "pay") {
    return (
      <Suspense
        fallback={
          <Dialog title="Loading..." onClose={onClose}>
            <Spinner />
          </Dialog>
        }
      >
        <PaidJoinDialog event={event} role={dialog.role} viewerId={viewerId} onClose={onClose} />
      </Suspense>
    );
  }
  if (dialog?.kind === "cancel-registration") return <CancelRegistrationDialog event={event} onClose={onClose} />;
  if (dialog?.kind === "cancel-event") return <CancelEventDialog event={event} onClose={onClose} />;
  return null;
}
