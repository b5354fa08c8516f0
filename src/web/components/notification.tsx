import { t } from "#web/i18n/i18n.ts";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The banner hides itself after 2.5 s, or 2.5 s after the pointer or focus leaves it, and folds away over
 * 300 ms (docs/product-rules.md, "Constants").
 */
export const NOTIFICATION_VISIBLE_MS = 2500;
const LEAVING_MS = 300;
/** The notices' region, on which FixedBottomBar (bottom-bar.tsx) sets its height. */
export const NOTICES_REGION_ID = "notices";

interface Notice {
  id: number;
  message: string;
  leaving: boolean;
}

const NotifyContext = createContext<((message: string) => void) | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  // One step is ever pending: hiding the banner, or removing it once it has folded away.
  const pending = useRef<number>(undefined);
  const schedule = useCallback((step: (() => void) | null, ms = 0) => {
    window.clearTimeout(pending.current);
    if (step) pending.current = window.setTimeout(step, ms);
  }, []);

  const dismiss = useCallback(() => {
    setNotice((current) => current && { ...current, leaving: true });
    schedule(() => setNotice(null), LEAVING_MS);
  }, [schedule]);

  const hideLater = useCallback(() => schedule(dismiss, NOTIFICATION_VISIBLE_MS), [schedule, dismiss]);

  const notify = useCallback(
    (message: string) => {
      setNotice({ id: Date.now(), message, leaving: false });
      hideLater();
    },
    [hideLater],
  );

  useEffect(() => () => schedule(null), [schedule]);

  // A banner being read (the pointer on it) or used (focus in it) stays, and hides 2.5 s after it is
  // let go: people who read slowly get the time they need. One already folding away finishes.
  const showing = notice && !notice.leaving;
  const hold = () => showing && schedule(null);
  const letGo = () => showing && hideLater();

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/*
        Below lg: at the bottom of the screen, above the event page's bottom bar when there is one
        (FixedBottomBar sets its height on this region as --bottom-bar-height), so a notice never covers the
        page's title or the header. Under dialogs and the header's menu in stacking order. From lg the
        header's middle is free: the banner sits there, above it. The region has no height, and the
        banner grows out of its edge (up from the bottom, down from the top): the region never moves
        when a banner comes, which would count as a layout shift.
      */}
      <div
        id={NOTICES_REGION_ID}
        className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bar-height,0px)+0.75rem)] z-30 flex h-0 items-end justify-center px-3 lg:top-3 lg:bottom-auto lg:z-50 lg:items-start"
        aria-live="polite"
        role="status"
      >
        {notice && (
          <div
            key={notice.id}
            // Leaving, it folds back into the edge it grew from rather than fading: a fading banner is
            // pale text on a pale green for 300 ms, which an accessibility check caught mid-fade.
            onMouseEnter={hold}
            onMouseLeave={letGo}
            onFocus={hold}
            onBlur={letGo}
            className={`pointer-events-auto flex max-w-md origin-bottom items-center gap-3 rounded-lg bg-green-700 px-4 py-3 text-white shadow-lg transition-transform duration-300 motion-reduce:transition-none lg:origin-top ${
              notice.leaving ? "scale-y-0" : "scale-y-100"
            }`}
          >
            <span className="min-w-0 flex-1 wrap-anywhere">{notice.message}</span>
            <button
              type="button"
              onClick={dismiss}
              aria-label={t("shell.closeNotice")}
              className="rounded px-1 text-xl leading-none hover:bg-green-800 focus:outline-2 focus:outline-white"
            >
              ×
            </button>
          </div>
        )}
      </div>
    </NotifyContext.Provider>
  );
}

export function useNotify(): (message: string) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error("useNotify must be used inside NotificationProvider");
  return notify;
}
