import type { EventDetail } from "#shared/events.ts";
import { Button } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { useOpeningReminder } from "#web/features/registrations/hooks/use-opening-reminder.ts";
import { regularsStandingText } from "#web/features/registrations/regulars-standing-text.ts";

/**
 * Before a series game opens: the viewer's own standing with its regulars and the spots kept for
 * them, and, for someone who must wait, "Tell me when it opens" (undone with "Don't tell me"). The
 * server refuses the ask once the viewer may join (docs/series.md, "What each person is told").
 */
export function RegularsStanding({ event, now, signedIn, mayJoinNow }: { event: EventDetail; now: Date; signedIn: boolean; mayJoinNow: boolean }) {
  const words = regularsStandingText(event, now);
  const reminder = useOpeningReminder(event.id);
  const opensAt = event.registrationOpensAt;
  const waits = signedIn && !mayJoinNow && opensAt !== null && Date.parse(opensAt) > now.getTime() && event.status !== "cancelled" && Date.parse(event.startsAt) > now.getTime();
  if (!words && !waits) return null;
  const asked = event.openingReminder === true;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-white px-3 py-2 text-sm text-slate-900">
      {words && (
        <>
          <p className="font-semibold">{words.standing}</p>
          <p>{words.kept}</p>
        </>
      )}
      {waits && (
        <div className="flex flex-col gap-1">
          <p role="status" className="text-green-900">
            {asked ? t("event.openingReminder.asked") : ""}
          </p>
          <Button variant="secondary" disabled={reminder.isPending} onClick={() => reminder.mutate(!asked)}>
            {t(asked ? "event.openingReminder.undo" : "event.openingReminder.ask")}
          </Button>
          {reminder.isError && (
            <p role="alert" className="text-red-800">
              {t("event.openingReminder.failed", { error: errorMessage(reminder.error) })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
