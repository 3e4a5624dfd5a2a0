/**
 * Inline <head> script. Prerendered pages (ADR 065, ADR 085) show their forms before the app has
 * hydrated; a form submitted in that moment (Enter in /login's e-mail field) would be sent by the
 * browser itself, as a GET to the page's own address: the page reloads, what was typed is lost,
 * and the e-mail address lands in the address bar, the history and the server's logs. Every form
 * of the app is handled by its script, so the browser's own submission of a form without an
 * `action` is cancelled, before hydration and after it alike. The listener does not stop the
 * event: once hydrated, the form's React handler runs as before. The static server allows the
 * script by hash (src/server/static-site.ts), so it must stay free of per-request content.
 */
export const earlySubmitGuardScript =
  'document.addEventListener("submit",function(e){if(e.target instanceof HTMLFormElement&&!e.target.hasAttribute("action"))e.preventDefault()},true);';
