import { useEffect, useState } from "react";
import type { EventDetail } from "#shared/events.ts";
import { Switch } from "#web/components/form-fields.tsx";
import { FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { useDevicePush, useGameMute, useSetGameMute, useToggleDevicePush } from "#web/features/push/hooks/use-push.ts";
import { offersPush } from "#web/features/push/offers-push.ts";

const OFFER_DISMISSED = "kickoff.pushOfferDismissed";

/**
 * On a game's page (docs/notifications.md): once the viewer waits for a spot or joined a series game
 * (offers-push.ts), an offer to be notified on this device, never on a first visit; once this device
 * is notified, a switch to mute this game. Drawn only after hydration: the server cannot know what
 * this browser supports or allowed.
 */
export function GamePushPanel({ event }: { event: EventDetail }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const device = useDevicePush();
  if (!mounted || !device.data || event.status === "cancelled") return null;
  if (device.data === "on" && event.mine.length > 0) return <MuteGame eventId={event.id} />;
  if (device.data === "off" && offersPush(event)) return <PushOffer />;
  return null;
}

function PushOffer() {
  const toggle = useToggleDevicePush();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(OFFER_DISMISSED) === "1");
  if (dismissed) return null;
  const notNow = () => {
    localStorage.setItem(OFFER_DISMISSED, "1");
    setDismissed(true);
  };
  return (
    <div role="region" aria-label={t("event.push.offerTitle")} className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-3 text-sm text-sky-950">
      <p className="font-semibold">{t("event.push.offer")}</p>
      {toggle.data === "blocked" && <p>{t("event.push.blocked")}</p>}
      {toggle.isError && <FormMessage kind="error">{t("event.push.failed", { reason: errorMessage(toggle.error) })}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(true)}
          className="rounded-md bg-green-700 px-3 py-1.5 font-semibold text-white hover:bg-green-800 focus:outline-2 focus:outline-offset-2 focus:outline-green-700 disabled:opacity-60"
        >
          {toggle.isPending ? t("event.push.working") : t("event.push.turnOn")}
        </button>
        <button type="button" onClick={notNow} className="rounded-md px-3 py-1.5 font-semibold text-sky-900 hover:bg-sky-100 focus:outline-2 focus:outline-green-700">
          {t("event.push.notNow")}
        </button>
      </div>
    </div>
  );
}

function MuteGame({ eventId }: { eventId: string }) {
  const mute = useGameMute(eventId, { enabled: true });
  const set = useSetGameMute(eventId);
  if (!mute.data) return null;
  return (
    <div className="flex flex-col gap-2">
      <Switch label={t("event.push.forThisGame")} hint={t("event.push.forThisGameHint")} checked={!mute.data.muted} busy={set.isPending} onChange={(on) => set.mutate(!on)} />
      {set.isError && <FormMessage kind="error">{t("event.push.failed", { reason: errorMessage(set.error) })}</FormMessage>}
    </div>
  );
}
