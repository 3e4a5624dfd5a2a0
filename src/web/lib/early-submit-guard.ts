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
 * ADR 174: a click on a control marked `data-replay-early-click` (the EN/SV switcher) made before
 * React owns that control is kept the same way, the last one only, and clicked again once React
 * has attached its handlers to it. Only controls whose action is safe to run exactly once later
 * opt in; a click that React already handled is never replayed, because the control is then live.
 *
 * The static server allows the script by hash (src/server/static-site.ts), so it must stay free
 * of per-request content.
 */
export const earlySubmitGuardScript =
  'var l=function(n){return Object.keys(n).some(function(k){return k.indexOf("__reactProps")===0})},w=function(n,k,g){var t=Date.now()+1e4;window[k]=n;var a=function(){if(window[k]!==n||!n.isConnected||Date.now()>t)return;if(l(n)){window[k]=null;g()}else requestAnimationFrame(a)};a()};document.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||f.hasAttribute("action"))return;e.preventDefault();if(l(f))return;var s=e.submitter&&e.submitter.form===f?e.submitter:null;w(f,"__earlySubmit",function(){f.requestSubmit(s)})},true);document.addEventListener("click",function(e){var b=e.target instanceof Element?e.target.closest("[data-replay-early-click]"):null;if(!b||l(b))return;w(b,"__earlyClick",function(){b.click()})},true);';
