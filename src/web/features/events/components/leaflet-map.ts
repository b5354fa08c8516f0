// Loaded on demand only (see event-map.tsx): Leaflet and its CSS stay out of the initial bundle.
import { icon, map as createMap, marker, tileLayer } from "leaflet";
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

export interface MapOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  tileUrl: string;
  /** Names the marker for assistive technology. */
  label: string;
}

/** Draws a map with one marker into `element`; returns the function that removes it. */
export function showMap(element: HTMLElement, options: MapOptions): () => void {
  const position: [number, number] = [options.latitude, options.longitude];
  const leafletMap = createMap(element, { scrollWheelZoom: false }).setView(position, options.zoom);
  tileLayer(options.tileUrl, {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  }).addTo(leafletMap);
  marker(position, { icon: markerIcon, alt: options.label, title: options.label, keyboard: false }).addTo(leafletMap);
  return () => leafletMap.remove();
}
