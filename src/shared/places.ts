import { z } from "zod";
import { defaultLanguage, languages } from "./languages.ts";

// docs/product.md §9 location: suggestions from at least 2 characters, at most 5 results; at most 100
// characters, coordinates within their ranges (docs/product.md §5 location).

export const minimumPlaceQueryLength = 2;
export const maximumPlaceQueryLength = 100;
export const maximumPlaceResults = 5;

export const placeLanguageSchema = z.enum(languages).default(defaultLanguage);

export const placeSearchSchema = z.object({
  q: z
    .string({ error: "Type at least 2 characters" })
    .trim()
    .min(minimumPlaceQueryLength, "Type at least 2 characters")
    .max(maximumPlaceQueryLength, "Please keep the search under 100 characters"),
  lang: placeLanguageSchema,
});

const coordinate = (name: string, limit: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(32, `${name} must be a number`)
    .regex(/^[-+]?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .pipe(
      z.number().min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`),
    );

export const reversePlaceSchema = z.object({
  lat: coordinate("Latitude", 90),
  lon: coordinate("Longitude", 180),
  lang: placeLanguageSchema,
});
