import { useEffect, useRef, useState } from "react";
import { useConfig } from "../../../lib/config.ts";

type MapState = "loading" | "ready" | "error";

/**
 * A 300px-high map with a marker (SPEC §9). Leaflet is imported when the map is first shown,
 * into a chunk shared by the event page and the Create New Event form.
 */
export function EventMap({ latitude, longitude, label, zoom = 15 }: { latitude: number; longitude: number; label: string; zoom?: number }) {
  const config = useConfig();
  const tileUrl = config.data?.mapTileUrl;
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");

  useEffect(() => {
    const element = container.current;
    if (!tileUrl || !element) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    setState("loading");
    import("./leaflet-map.ts")
      .then(({ showMap }) => {
        if (cancelled) return;
        remove = showMap(element, { latitude, longitude, zoom, tileUrl, label });
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("map failed to load", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [tileUrl, latitude, longitude, zoom, label]);

  const shown: MapState = config.isError ? "error" : state;
  return (
    // `isolate` keeps Leaflet's z-indexes (400+) under the sticky header and the bottom bar.
    <div className="relative isolate h-[300px] w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      <div ref={container} className="h-full w-full" role="region" aria-label={`Map of ${label}`} />
      {shown !== "ready" && (
        <div
          className="absolute inset-0 z-[1000] flex items-center justify-center bg-slate-100 text-slate-600"
          role={shown === "error" ? "alert" : "status"}
        >
          {shown === "error" ? "Error loading maps" : "Loading..."}
        </div>
      )}
    </div>
  );
}
