// Loaded on demand only (see event-map.tsx): Leaflet and its CSS stay out of the initial bundle.
import { control, icon, type LeafletMouseEvent, map as createMap, marker as createMarker, type Marker, tileLayer } from "leaflet";
import "leaflet/dist/leaflet.css";
// Leaflet finds its default marker images through a CSS path guess that bundlers break; name them.
import markerIconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import markerIconUrl from "leaflet/dist/images/marker-icon.png";
import markerShadowUrl from "leaflet/dist/images/marker-shadow.png";

const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** With no point yet, the whole world: the organiser zooms in and clicks. */
const WORLD: { center: [number, number]; zoom: number } = { center: [20, 0], zoom: 2 };

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapOptions {
  point: MapPoint | null;
  zoom: number;
  tileUrl: string;
  /** Names the marker for assistive technology. */
  label: string;
  /** The zoom buttons' titles (what a screen reader says for "+" and "−"), in the screens' language. */
  zoomTitles: { in: string; out: string };
  /** Makes the map a pin picker: a click moves the pin there, and the pin can be dragged. */
  onPick?: (point: MapPoint) => void;
  /** Not one tile of the first view could be loaded (the tile server is unreachable). */
  onTilesFailed?: () => void;
}

export interface ShownMap {
  /** Moves the pin (null takes it away); the view follows unless the point came from this map. */
  update(point: MapPoint | null, label: string): void;
  remove(): void;
}

/** Draws a map with one marker into `element`. */
export function showMap(element: HTMLElement, options: MapOptions): ShownMap {
  const { zoom, onPick } = options;
  // Leaflet's own zoom buttons say "Zoom in" in every language: ours, with titles in the screens' language.
  const leafletMap = createMap(element, { scrollWheelZoom: false, zoomControl: false });
  control.zoom({ zoomInTitle: options.zoomTitles.in, zoomOutTitle: options.zoomTitles.out }).addTo(leafletMap);
  if (options.point) leafletMap.setView(toLatLng(options.point), zoom);
  else leafletMap.setView(WORLD.center, WORLD.zoom);

  const tiles = tileLayer(options.tileUrl, {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  });
  let tilesLoaded = 0;
  let tilesFailed = 0;
  tiles.on("tileload", () => (tilesLoaded += 1));
  tiles.on("tileerror", () => (tilesFailed += 1));
  // "load" fires once every tile of the view has settled, loaded or not.
  tiles.once("load", () => {
    if (tilesLoaded === 0 && tilesFailed > 0) options.onTilesFailed?.();
  });
  tiles.addTo(leafletMap);

  let marker: Marker | null = null;
  // The last point this map reported: when it comes back as a prop, the view stays where the organiser put it.
  let picked: MapPoint | null = null;
  const pick = (point: MapPoint) => {
    picked = point;
    onPick?.(point);
  };

  const update = (point: MapPoint | null, label: string) => {
    if (!point) {
      marker?.remove();
      marker = null;
      return;
    }
    if (!marker) {
      marker = createMarker(toLatLng(point), { icon: markerIcon, alt: label, title: label, keyboard: false, draggable: Boolean(onPick) });
      marker.on("dragend", () => {
        const { lat, lng } = marker!.getLatLng().wrap();
        pick(rounded(lat, lng));
      });
      marker.addTo(leafletMap);
    } else {
      marker.setLatLng(toLatLng(point));
      const image = marker.getElement();
      image?.setAttribute("alt", label);
      image?.setAttribute("title", label);
    }
    const fromThisMap = picked && picked.latitude === point.latitude && picked.longitude === point.longitude;
    if (!fromThisMap) leafletMap.setView(toLatLng(point), onPick ? Math.max(leafletMap.getZoom(), zoom) : zoom);
  };

  if (onPick) {
    // The pin moves when the point comes back through update(), as for any other change.
    leafletMap.on("click", (event: LeafletMouseEvent) => {
      const { lat, lng } = event.latlng.wrap();
      pick(rounded(lat, lng));
    });
  }
  update(options.point, options.label);

  return { update, remove: () => leafletMap.remove() };
}

function toLatLng(point: MapPoint): [number, number] {
  return [point.latitude, point.longitude];
}

/** 6 decimals (about 10 cm): more than any pitch needs, and short enough to read. */
function rounded(latitude: number, longitude: number): MapPoint {
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}
