/**
 * Inline <head> script. Prerendered pages (ADR 065, ADR 085) show their forms before the app has
 * hydrated; a form submitted in that moment (Enter in /login's e-mail field) would be sent by the
 * browser itself, as a GET to the page's own address: the page reloads, what was typed is lost,
 * and the e-mail address lands in the address bar, the history and the server's logs. Every form
 * of the app is handled by its script, so the browser's own submission of a form without an
 * `action` is cancelled, before hydration and after it alike. The listener does not stop the
 * event: once hydrated, the form's React handler runs as before.
 *
 * ADR 115: a submission made before the form is live (Enter, or a click on Continue) is not thrown
 * away. The script keeps the last one and, frame by frame for up to 10 seconds, waits until React
 * has attached its handlers to that form (React marks the DOM nodes it owns with its props, as the
 * journeys' `waitForHydration` also reads); then it sends the form again, with the same submit
 * button, through the form's own handler and validation. It lives here, not in the app's bundle,
 * so it costs the pages' JavaScript budget nothing (ADR 085), and it needs nothing from the app.
 *
 * The static server allows the script by hash (src/server/static-site.ts), so it must stay free
 * of per-request content.
 */
export const earlySubmitGuardScript =
  'document.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||f.hasAttribute("action"))return;e.preventDefault();var l=function(){return Object.keys(f).some(function(k){return k.indexOf("__reactProps")===0})};if(l())return;var s=e.submitter&&e.submitter.form===f?e.submitter:null,t=Date.now()+1e4;window.__earlySubmit=f;var a=function(){if(window.__earlySubmit!==f||!f.isConnected||Date.now()>t)return;if(l()){window.__earlySubmit=null;f.requestSubmit(s)}else requestAnimationFrame(a)};a()},true);';
