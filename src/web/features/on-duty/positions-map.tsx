import { useEffect, useRef } from "react";
import { circleMarker, latLngBounds, map as leafletMap, tileLayer, type Map as LeafletMap } from "leaflet";
import "leaflet/dist/leaflet.css";

// The live board's map (docs/on-duty.md): Leaflet with the tiles of MAP_TILES_URL, one circle per
// shared position (no marker images to fetch). Loaded lazily, so no other console page carries it.

type Position = { firstName: string; latitude: number; longitude: number; reference: string };

export default function PositionsMap({ tilesUrl, positions, label }: { tilesUrl: string; positions: Position[]; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<LeafletMap | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const created = leafletMap(element.current, { attributionControl: true });
    tileLayer(tilesUrl, { maxZoom: 18 }).addTo(created);
    instance.current = created;
    return () => {
      created.remove();
      instance.current = null;
    };
  }, [tilesUrl]);
  useEffect(() => {
    const current = instance.current;
    if (!current || positions.length === 0) return;
    const layers = positions.map((position) =>
      circleMarker([position.latitude, position.longitude], { radius: 8, color: "#7a5d1e" })
        .bindTooltip(`${position.firstName} · ${position.reference}`)
        .addTo(current),
    );
    current.fitBounds(latLngBounds(positions.map((position) => [position.latitude, position.longitude])), {
      maxZoom: 15,
      padding: [24, 24],
    });
    return () => {
      for (const layer of layers) layer.remove();
    };
  }, [positions]);
  return <div ref={element} role="img" aria-label={label} className="h-96 w-full rounded-xl border border-ink-line/15" />;
}
