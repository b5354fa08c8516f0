import { useState } from "react";
import { Button } from "../../../components/form.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { countShare } from "../../../lib/analytics.ts";
import { shareEvent } from "../share-event.ts";

export function ShareEventButton({ title, url, className = "" }: { title: string; url: string; className?: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const outcome = await shareEvent({ title, text: `Join me at ${title}`, url });
      // Counted when the link went somewhere (a closed share sheet did not share it).
      if (outcome === "shared" || outcome === "copied") countShare(new URL(url).pathname);
      if (outcome === "copied") notify("Link copied to clipboard");
      else if (outcome === "unsupported") window.alert("Sharing is not supported on this platform.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" onClick={share} disabled={busy} className={className}>
      Share Event
    </Button>
  );
}
