import { LocateFixed, MapPin } from "lucide-react";
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { toast } from "sonner";
import type { Place } from "../../shared/booking.ts";
import { fetchPlaceAt, fetchPlaceSuggestions } from "../lib/places-api.ts";
import { registerTranslations, useTranslation } from "../lib/i18n.ts";
import {
  coordinateKey,
  createExpiringCache,
  formatCoordinates,
  geolocationOptions,
  isSearchable,
  maximumSuggestions,
  reverseCacheMilliseconds,
  suggestionDebounceMilliseconds,
} from "./location-rules.ts";
import { Spinner } from "./ui/spinner.tsx";

export const english = {
  label: "Where?",
  placeholder: "City",
  locate: "Use my current location",
  locating: "Finding your location…",
  suggestions: "Suggested places",
  suggestionCount_one: "{{count}} place suggested. Use the up and down arrows to choose.",
  suggestionCount_other: "{{count}} places suggested. Use the up and down arrows to choose.",
  detected: "Location detected!",
  impreciseTitle: "Could not get precise address",
  impreciseBody: "We have used your coordinates instead. You can type a city to refine it.",
  errorTitle: "Error",
  unable: "Unable to get location",
};

registerTranslations("location-input", { en: english, sv: () => import("./location-input-sv.ts").then((module) => module.swedish) });

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "location-input": typeof english;
  }
}

// docs/product.md §9: reverse-geocoding answers are kept 5 minutes, keyed by 'lat,lon', for the whole tab.
const reverseCache = createExpiringCache<Place | null>(reverseCacheMilliseconds);

export type LocationInputProps = {
  value: string;
  onChange(value: string): void;
  id?: string;
  label?: string;
};

/**
 * docs/product.md §2/§4/§8 'Where?' input: autocomplete from our own /api/places (ADR 052:
 * no third party sees the query), an ARIA combobox, and a locate-me button (ADR 021).
 */
export function LocationInput({ value, onChange, id, label }: LocationInputProps) {
  const { t, i18n } = useTranslation("location-input");
  const language = i18n.language === "sv" ? "sv" : "en";
  const generatedId = useId();
  const inputId = id ?? `location-${generatedId.replace(/:/g, "")}`;
  const listboxId = `${inputId}-suggestions`;
  const [results, setResults] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isLocating, setIsLocating] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestRef = useRef<AbortController | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timerRef.current);
      requestRef.current?.abort();
    },
    [],
  );

  // ADR 115: on a prerendered page the visitor may type before the scripts arrive. React keeps the
  // typed text through hydration but would overwrite it with the (empty) state on the next render,
  // so what the field holds on the first commit becomes the value, and is searched if still focused.
  const adoptTypedBeforeHydration = useEffectEvent(() => {
    const input = inputRef.current;
    if (!input || input.value === "" || input.value === value) return;
    onChange(input.value);
    if (document.activeElement === input) search(input.value);
  });
  useLayoutEffect(() => adoptTypedBeforeHydration(), []);

  // docs/product.md §4: the list closes on a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function cancelPendingSearch() {
    clearTimeout(timerRef.current);
    requestRef.current?.abort();
  }

  function search(query: string) {
    cancelPendingSearch();
    if (!isSearchable(query)) {
      setResults([]);
      setOpen(false);
      return;
    }
    timerRef.current = setTimeout(() => {
      const controller = new AbortController();
      requestRef.current = controller;
      fetchPlaceSuggestions(query, language, controller.signal)
        .then((answer) => {
          const places = answer.slice(0, maximumSuggestions);
          setResults(places);
          setActiveIndex(-1);
          setOpen(places.length > 0);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // docs/product.md §8: a suggestion failure empties and closes the list; logged only.
          console.warn("Place suggestions failed", error);
          setResults([]);
          setOpen(false);
        });
    }, suggestionDebounceMilliseconds);
  }

  function pick(place: Place) {
    cancelPendingSearch();
    onChange(place.label);
    setOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (results.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActiveIndex(step === 1 ? 0 : results.length - 1);
        return;
      }
      setActiveIndex((index) => (index + step + results.length) % results.length);
    } else if (event.key === "Enter") {
      const place = open ? results[activeIndex] : undefined;
      if (place) {
        event.preventDefault();
        pick(place);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActiveIndex(-1);
    }
  }

  async function locate() {
    if (isLocating) return;
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      toast.error(t("errorTitle"), { description: t("unable") });
      return;
    }
    setIsLocating(true);
    try {
      // ADR 021: device geolocation only; no IP-based fallback, so no third party is contacted.
      const position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, geolocationOptions),
      );
      const { latitude, longitude } = position.coords;
      const key = `${language}:${coordinateKey(latitude, longitude)}`;
      let place = reverseCache.get(key);
      if (place === undefined) {
        place = await fetchPlaceAt(latitude, longitude, language);
        reverseCache.set(key, place);
      }
      cancelPendingSearch();
      setOpen(false);
      if (place) {
        onChange(place.label);
        toast.success(t("detected"), { description: place.label });
      } else {
        onChange(formatCoordinates(latitude, longitude));
        toast.warning(t("impreciseTitle"), { description: t("impreciseBody") });
      }
    } catch (error) {
      console.warn("Location detection failed", error);
      toast.error(t("errorTitle"), { description: t("unable") });
    } finally {
      setIsLocating(false);
    }
  }

  const activeId = open && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined;

  return (
    <div ref={rootRef} className="relative">
      <label htmlFor={inputId} className="mb-1 block text-[0.7rem] font-semibold tracking-[0.15em] text-stone uppercase">
        {label ?? t("label")}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="field-input pr-12"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          autoComplete="off"
          placeholder={t("placeholder")}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            search(event.target.value);
          }}
          onFocus={() => {
            // docs/product.md §4: reopens on focus when there is text to match and results exist.
            if (isSearchable(value) && results.length > 0) setOpen(true);
          }}
          onKeyDown={onKeyDown}
          maxLength={200}
          data-testid="location-input"
        />
        <button
          type="button"
          className="absolute top-1/2 right-1 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-md text-gold-deep hover:bg-gold/15 disabled:cursor-wait"
          onClick={() => void locate()}
          disabled={isLocating}
          aria-label={isLocating ? t("locating") : t("locate")}
          title={t("locate")}
          data-testid="locate-me"
        >
          {isLocating ? <Spinner className="h-5 w-5" /> : <LocateFixed className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("suggestions")}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border border-ink-line/20 bg-white py-1 text-ink shadow-2xl"
      >
        {results.map((place, index) => (
          <li
            key={place.id}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm ${index === activeIndex ? "bg-gold/20" : "hover:bg-gold/10"}`}
            // Keeps focus in the input so the pick does not blur and re-render first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
            onMouseEnter={() => setActiveIndex(index)}
          >
            <MapPin className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
            {place.label}
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {open ? t("suggestionCount", { count: results.length }) : ""}
      </p>
    </div>
  );
}
