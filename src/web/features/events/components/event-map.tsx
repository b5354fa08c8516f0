import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { useConfig } from "#web/lib/config.ts";
import { useNearViewport } from "#web/lib/use-near-viewport.ts";
import type { MapPoint, ShownMap } from "./leaflet-map.ts";

type MapState = "loading" | "ready" | "error";

/**
 * A 300px-high map with a marker (docs/product-rules.md, "Constants"). Leaflet is imported when the
 * map first comes near the screen, into a chunk shared by the event page and the Create New Event
 * form. With `onPick` it is also a pin picker (click the map, drag the pin); without a point it
 * shows the world and no pin. When the tiles cannot be loaded it says 'Error loading maps' rather
 * than showing a blank grey box. Its texts are the shell's: the event page and the organiser's form
 * (other areas) both show it.
 */
export function EventMap({
  latitude,
  longitude,
  label,
  zoom = 15,
  onPick,
  regionLabel = t("event.map.label", { place: label }),
  describedBy,
}: {
  latitude: number | null;
  longitude: number | null;
  label: string;
  zoom?: number;
  onPick?: (point: MapPoint) => void;
  regionLabel?: string;
  describedBy?: string;
}) {
  const config = useConfig();
  const tileUrl = config.data?.mapTileUrl;
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef<ShownMap | null>(null);
  const [state, setState] = useState<MapState>("loading");
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  // The map is made once; later points, labels and callbacks reach it through these.
  const latest = useRef({ point, label, onPick });
  useLayoutEffect(() => {
    latest.current = { point, label, onPick };
  });
  const picker = Boolean(onPick);
  // Leaflet and its tiles load once the map is about to be seen (below the fold on a phone).
  const near = useNearViewport(container);

  useEffect(() => {
    const element = container.current;
    if (!tileUrl || !element || !near) return;
    let cancelled = false;
    setState("loading");
    import("./leaflet-map.ts")
      .then(({ showMap }) => {
        if (cancelled) return;
        const { point: start, label: name } = latest.current;
        shown.current = showMap(element, {
          point: start,
          label: name,
          zoom,
          tileUrl,
          zoomTitles: { in: t("event.map.zoomIn"), out: t("event.map.zoomOut") },
          onPick: picker ? (picked) => latest.current.onPick?.(picked) : undefined,
          onTilesFailed: () => {
            if (!cancelled) setState("error");
          },
        });
        setState((current) => (current === "error" ? current : "ready"));
      })
      .catch((error: unknown) => {
        console.error("map failed to load", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      shown.current?.remove();
      shown.current = null;
    };
  }, [tileUrl, zoom, picker, near]);

  useEffect(() => {
    shown.current?.update(latitude !== null && longitude !== null ? { latitude, longitude } : null, label);
  }, [latitude, longitude, label]);

  const status: MapState = config.isError ? "error" : state;
  return (
    // `isolate` keeps Leaflet's z-indexes (400+) under the sticky header and the bottom bar.
    <div className="relative isolate h-[300px] w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      <div ref={container} className="h-full w-full" role="region" aria-label={regionLabel} aria-describedby={describedBy} />
      {status !== "ready" && (
        <div
          className="absolute inset-0 z-[1000] flex items-center justify-center bg-slate-100 text-slate-600"
          role={status === "error" ? "alert" : "status"}
        >
          {status === "error" ? t("event.map.error") : t("shell.loading")}
        </div>
      )}
    </div>
  );
}
