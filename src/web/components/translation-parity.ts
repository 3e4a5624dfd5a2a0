// Used by the content tests of each feature: the Swedish copy must have exactly the shape of the
// English copy (same keys, same list lengths, same {{placeholders}}, no empty strings), so a
// visitor who switches language never meets a missing section or a raw key.

const placeholderPattern = /\{\{\s*(\w+)\s*\}\}/g;

function placeholders(text: string): string {
  return [...text.matchAll(placeholderPattern)]
    .map((match) => match[1])
    .sort()
    .join(",");
}

/** Paths where `translated` differs in shape from `original`; empty when they match. */
export function translationDifferences(original: unknown, translated: unknown, path = "$"): string[] {
  if (typeof original === "string") {
    if (typeof translated !== "string") return [`${path}: not a string`];
    if (translated.trim() === "") return [`${path}: empty`];
    if (placeholders(original) !== placeholders(translated)) return [`${path}: placeholders differ`];
    return [];
  }
  if (Array.isArray(original)) {
    if (!Array.isArray(translated)) return [`${path}: not a list`];
    if (original.length !== translated.length) return [`${path}: ${original.length} entries, translated ${translated.length}`];
    return original.flatMap((entry, index) => translationDifferences(entry, translated[index], `${path}[${index}]`));
  }
  if (typeof original === "object" && original !== null) {
    if (typeof translated !== "object" || translated === null || Array.isArray(translated)) return [`${path}: not an object`];
    const originalRecord = original as Record<string, unknown>;
    const translatedRecord = translated as Record<string, unknown>;
    const keys = new Set([...Object.keys(originalRecord), ...Object.keys(translatedRecord)]);
    return [...keys].flatMap((key) => {
      if (!(key in translatedRecord)) return [`${path}.${key}: missing in translation`];
      if (!(key in originalRecord)) return [`${path}.${key}: only in translation`];
      // Anchors and ids are not translated.
      if (key === "id") return originalRecord[key] === translatedRecord[key] ? [] : [`${path}.id: differs`];
      return translationDifferences(originalRecord[key], translatedRecord[key], `${path}.${key}`);
    });
  }
  return original === translated ? [] : [`${path}: differs`];
}
