import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { currentIntlLocale, currentLanguage, t } from "#web/i18n/i18n.ts";
import { needsConnectionMessage } from "#web/lib/api.ts";
import { acceptUpdate, useConnection } from "#web/lib/connection.ts";

/**
 * The viewer's own clock format in English (18:05, or 6:05 PM), French's 24-hour clock in French
 * ("18 h 05", inside a French sentence). Made when first needed: the first Intl.DateTimeFormat of a
 * page loads the locale's data, a long task on a phone that every page would pay at start-up for a
 * notice that shows only offline.
 */
function formatClockTime(date: Date): string {
  const locale = currentLanguage() === "en" ? undefined : currentIntlLocale();
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(date);
}

const RETRY_MS = 5_000;

function useOnline(): boolean {
  // Rendered on the server (docs/server-rendering.md): the page just came over the network.
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Without a connection: how old what is shown is, and that changes need a connection. With a new
 * version of the app waiting: the way to it. At the top of every screen, above the header (app-shell.tsx).
 */
export function ConnectionNotices() {
  const { offlineSince, writeRefused, updateWaiting } = useConnection();
  const online = useOnline();
  const queryClient = useQueryClient();
  // Back online while saved answers are shown: the screens on show ask the server again, now and
  // every few seconds until it answers (the saved answers looked fresh to the query cache, and the
  // first request after a connection returns may still fail).
  useEffect(() => {
    if (!online || !offlineSince) return;
    void queryClient.invalidateQueries();
    const timer = window.setInterval(() => void queryClient.invalidateQueries(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, offlineSince, queryClient]);
  const showOffline = Boolean(offlineSince) || (!online && writeRefused);
  if (!showOffline && !updateWaiting) return null;
  return (
    <div role="status" className="flex flex-col">
      {showOffline && (
        <div className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          <p>{offlineSince ? t("shell.offline.since", { time: formatClockTime(offlineSince) }) : t("shell.offline")}</p>
          {writeRefused && <p className="font-medium">{needsConnectionMessage()}</p>}
        </div>
      )}
      {updateWaiting && (
        <p className="flex items-center justify-center gap-3 bg-slate-800 px-4 py-2 text-sm text-white">
          {t("shell.update.ready")}
          <button
            type="button"
            className="rounded bg-white px-2 py-0.5 font-medium text-slate-900 hover:bg-slate-200 focus:outline-2 focus:outline-white"
            onClick={() => acceptUpdate(updateWaiting)}
          >
            {t("shell.update.reload")}
          </button>
        </p>
      )}
    </div>
  );
}
