import type { EventDetail } from "#shared/events.ts";
import { Button } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { useSpotWatch } from "#web/features/registrations/hooks/use-spot-watch.ts";

/**
 * On a full game the viewer is on none of the lists of: "Tell me if a spot opens" (undone with "Don't
 * tell me"), a notification on their devices when a spot frees that no one waits for, with a tap to
 * take it (docs/notifications.md, "A freed spot"). The server sends `spotWatch` only where it may be
 * asked; the page hides it again once the game has a spot or the viewer joins.
 */
export function SpotWatch({ event }: { event: EventDetail }) {
  const watch = useSpotWatch(event.id);
  const full = event.playersCount >= event.maxPlayers && (!event.includeGoalkeepers || event.goalkeepersCount >= event.maxGoalkeepers);
  if (event.spotWatch === undefined || !full || event.mine.length > 0 || event.status === "cancelled") return null;
  const asked = event.spotWatch;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-sky-200 bg-white px-3 py-2 text-sm text-slate-900">
      <p>{t("event.spotWatch.why")}</p>
      <p role="status" className="text-green-900">
        {asked ? t("event.spotWatch.asked") : ""}
      </p>
      <Button variant="secondary" disabled={watch.isPending} onClick={() => watch.mutate(!asked)}>
        {t(asked ? "event.spotWatch.undo" : "event.spotWatch.ask")}
      </Button>
      {watch.isError && (
        <p role="alert" className="text-red-800">
          {t("event.spotWatch.failed", { error: errorMessage(watch.error) })}
        </p>
      )}
    </div>
  );
}
