/**
 * Inline <head> script. Prerendered pages (ADR 065, ADR 085) show their forms before the app has
 * hydrated; a form submitted in that moment (Enter in /login's e-mail field) would be sent by the
 * browser itself, as a GET to the page's own address: the page reloads, what was typed is lost,
 * and the e-mail address lands in the address bar, the history and the server's logs. Every form
 * of the app is handled by its script, so the browser's own submission of a form without an
 * `action` is cancelled, before hydration and after it alike. The listener does not stop the
 * event: once hydrated, the form's React handler runs as before.
 *
 * ADR 115: a submission made before the app is live (Enter, or a click on Continue) is not thrown
 * away: the script keeps the last one, and `replayEarlySubmit` sends it again once the page's
 * handlers are attached, so the visitor's click is acted on instead of silently lost.
 *
 * The static server allows the script by hash (src/server/static-site.ts), so it must stay free
 * of per-request content.
 */
export const earlySubmitGuardScript =
  'document.addEventListener("submit",function(e){var f=e.target;if(f instanceof HTMLFormElement&&!f.hasAttribute("action")){e.preventDefault();if(!window.__appLive)window.__earlySubmit={form:f,submitter:e.submitter||null}}},true);';

type EarlySubmitWindow = Window & {
  __appLive?: boolean;
  __earlySubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
};

/** How long a remembered submission waits for its form to come alive before it is dropped. */
const replayDeadlineMilliseconds = 10_000;

/**
 * Whether React has attached its handlers to this element. The root hydrates first and Suspense
 * boundaries below it (a lazily loaded route) a moment later, so the form may still be inert when
 * the root's effect runs. React marks the DOM nodes it owns with its props, as the journeys'
 * `waitForHydration` also reads (e2e/support/test.ts).
 */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps"));
}

/**
 * Called once the app has hydrated: from now on forms are the app's; a form the visitor sent
 * before that, if it is still on the page, is sent again through its own handler as soon as that
 * handler is attached.
 */
export function replayEarlySubmit() {
  const target = window as EarlySubmitWindow;
  target.__appLive = true;
  const early = target.__earlySubmit;
  target.__earlySubmit = undefined;
  if (!early) return;
  const { form } = early;
  const submitter = early.submitter instanceof HTMLButtonElement && early.submitter.form === form ? early.submitter : null;
  const deadline = performance.now() + replayDeadlineMilliseconds;
  const attempt = () => {
    if (!form.isConnected || performance.now() > deadline) return;
    if (isHydrated(form)) form.requestSubmit(submitter);
    else requestAnimationFrame(attempt);
  };
  attempt();
}
