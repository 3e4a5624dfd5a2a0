/**
 * Escapes text for HTML written as strings (the dev mailbox, the data export's summary page); OWASP
 * XSS Prevention Cheat Sheet, rule 1. Mails are React components and leave escaping to React (ADR 258).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
