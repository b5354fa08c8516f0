import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { NOTICES_REGION_ID } from "./notification.tsx";

/**
 * A bar fixed to the bottom of the screen (the event actions on small screens: docs/product-rules.md,
 * "Screens and routes"). A spacer of the bar's own height follows the page, so the end of the page
 * can always be scrolled above it, however many buttons or messages the bar holds. Its height is
 * also set as the CSS variable --bottom-bar-height on the notices' region (notification.tsx), so that
 * notices stand above the bar: on that region alone, since a variable set on the page's root is
 * inherited by every element, and changing it made the browser compute every element's style again
 * (8-13 ms on the 2-core machine it was measured on, unthrottled: a long task on a phone, each time
 * the bar changed size).
 */
/** Two rows of buttons and the bar's padding: the event page's Join as Player / Join as Goalkeeper / Share Event at 375 px. */
const UNMEASURED_BAR_HEIGHT = "8rem";

export function FixedBottomBar({ label, children }: { label: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    // The notification provider is around every screen, so its region is there while the bar is.
    const notices = document.getElementById(NOTICES_REGION_ID)?.style;
    // The observer reports the first size too, once the browser has laid the page out anyway:
    // reading offsetHeight here would force that layout of the whole page inside this render.
    // The variable is set in the observer itself, before the frame is painted: set after React's
    // next render, a notice would stand over a bar that just grew for a frame.
    // Read once, before the variable changes: a read after a style change lays the page out again.
    const observer = new ResizeObserver(() => {
      const measured = element.offsetHeight;
      notices?.setProperty("--bottom-bar-height", `${measured}px`);
      setHeight(measured);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      notices?.removeProperty("--bottom-bar-height");
    };
  }, []);

  return (
    <>
      {/* Until the bar is measured (a page rendered on the server, before its script runs: on a slow
          phone that is seconds), the spacer takes the height of a bar of two rows of buttons, so the
          end of the page is not hidden under it meanwhile. */}
      <div aria-hidden="true" style={{ height: height > 0 ? height : UNMEASURED_BAR_HEIGHT }} />
      <div
        ref={bar}
        role="region"
        aria-label={label}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur"
      >
        {children}
      </div>
    </>
  );
}
