// Payloads of the hostile-input suite (ADR 084): text that would change a query if it were pasted
// into SQL (OWASP WSTG-INPV-05), and markup that would run if it were pasted into HTML
// (OWASP XSS Filter Evasion Cheat Sheet). Stored, they must come back as the same characters.

export const sqlInjections = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "Robert'); DELETE FROM bookings; --",
  "1; SELECT pg_sleep(10); --",
  "\\'; UPDATE users SET role = 'admin'; --",
  '" OR ""="',
  "x' UNION SELECT email, password FROM auth_accounts --",
];

export const markupInjections = [
  "<script>window.__hostile = 1; alert(1)</script>",
  '<img src=x onerror="window.__hostile=1;alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "</textarea><iframe srcdoc='<script>alert(1)</script>'>",
  "{{constructor.constructor('alert(1)')()}}",
];

/** Every string in a JSON value, by its path of keys and indexes. */
export function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

/** A deep copy of `value` with the string at `path` replaced. */
export function replacedAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replacedAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [String(head)]: replacedAt(record[String(head)], rest, replacement) };
}

/** How a string appears inside a JSON text: what a stored-verbatim check searches the answer for. */
export const asJsonText = (text: string) => JSON.stringify(text).slice(1, -1);
