import { useLayoutEffect, useRef, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { Button } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { countShare } from "#web/lib/analytics.ts";
import { shareEvent } from "#web/features/events/share-event.ts";

/** `highlight`: the game was just created; the button takes the focus and stands out, sharing being the organiser's next step. */
export function ShareEventButton({ title, url, className = "", highlight = false }: { title: string; url: string; className?: string; highlight?: boolean }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    if (highlight) ref.current?.focus();
  }, [highlight]);

  const share = async () => {
    setBusy(true);
    try {
      const outcome = await shareEvent({ title, text: t("event.share.text", { title }), url });
      // Counted when the link went somewhere (a closed share sheet did not share it).
      if (outcome === "shared" || outcome === "copied") countShare(new URL(url).pathname);
      if (outcome === "copied") notify(t("event.share.copied"));
      else if (outcome === "unsupported") window.alert(t("event.share.unsupported"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      ref={ref}
      variant={highlight ? "primary" : "secondary"}
      onClick={share}
      disabled={busy}
      className={`${highlight ? "ring-4 ring-green-300" : ""} ${className}`}
    >
      {t("event.share.button")}
    </Button>
  );
}
