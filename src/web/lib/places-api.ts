import type { Place } from "../../shared/booking.ts";
import type { Language } from "../../shared/languages.ts";
import { apiRequest } from "./api-client.ts";

// The places calls of the location input (ADR 021, ADR 052). The input is on the
// prerendered landing page, which does not load TanStack Query (ADR 022): these are plain calls,
// and the input shows their failures its own way (docs/product.md §8: suggestions fail silently).

export function fetchPlaceSuggestions(query: string, language: Language, signal: AbortSignal): Promise<Place[]> {
  return apiRequest<{ results: Place[] }>(`/api/places?q=${encodeURIComponent(query.trim())}&lang=${language}`, { signal }).then(
    (answer) => answer.results,
  );
}

export function fetchPlaceAt(latitude: number, longitude: number, language: Language): Promise<Place | null> {
  return apiRequest<{ result: Place | null }>(`/api/places/reverse?lat=${latitude}&lon=${longitude}&lang=${language}`).then(
    (answer) => answer.result,
  );
}
