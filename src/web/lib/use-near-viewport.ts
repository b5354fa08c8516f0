import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come within `margin` of the screen (and stays true from then on).
 * For heavy parts far down a page, e.g. the event page's map on a phone: loading them with the page
 * would keep the phone busy while the reader is still at the top.
 */
export function useNearViewport(element: RefObject<Element | null>, margin = "300px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
