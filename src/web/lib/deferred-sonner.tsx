import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from "react";

// ADR 022: sonner (toasts) is loaded on the first toast instead of with every page. vite.config.ts
// resolves `import … from "sonner"` anywhere in the web app to this module, so features keep
// writing `toast.error(…)` and `<Toaster />` exactly as before. Calls made before the library and
// the Toaster are ready are queued and replayed in order; each call gets its id up front, so the
// id it returns works with toast.dismiss as usual. Only this module imports the real package.
import type * as SonnerModule from "sonner";

type Sonner = typeof SonnerModule;
type Toast = Sonner["toast"];
type ToastId = string | number;
type ToastOptions = NonNullable<Parameters<Toast["success"]>[1]>;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
let toasterReady = false;
let active = false;
let nextId = 0;
const pending: ((module: Sonner) => void)[] = [];
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    return module;
  });
  return loading;
}

function activate() {
  if (active) return;
  active = true;
  void loadSonner();
  for (const listener of listeners) listener();
}

function flush() {
  if (!sonner || !toasterReady) return;
  const module = sonner;
  for (const call of pending.splice(0)) call(module);
}

function run(call: (module: Sonner) => void) {
  if (sonner && toasterReady) {
    call(sonner);
    return;
  }
  pending.push(call);
  activate();
}

function withId(options: ToastOptions | undefined): [ToastId, ToastOptions] {
  const id = options?.id ?? `toast-${++nextId}`;
  return [id, { ...options, id }];
}

type Variant = "success" | "info" | "warning" | "error" | "message" | "loading";

function variant(name: Variant) {
  return (message: Parameters<Toast["success"]>[0], options?: ToastOptions): ToastId => {
    const [id, withStableId] = withId(options);
    run((module) => module.toast[name](message, withStableId));
    return id;
  };
}

const deferredToast = Object.assign(
  (message: Parameters<Toast>[0], options?: ToastOptions): ToastId => {
    const [id, withStableId] = withId(options);
    run((module) => module.toast(message, withStableId));
    return id;
  },
  {
    success: variant("success"),
    info: variant("info"),
    warning: variant("warning"),
    error: variant("error"),
    message: variant("message"),
    loading: variant("loading"),
    custom: (jsx: Parameters<Toast["custom"]>[0], options?: ToastOptions): ToastId => {
      const [id, withStableId] = withId(options);
      run((module) => module.toast.custom(jsx, withStableId));
      return id;
    },
    promise: ((promise: Parameters<Toast["promise"]>[0], data?: Parameters<Toast["promise"]>[1]) => {
      const settled = typeof promise === "function" ? promise() : promise;
      run((module) => module.toast.promise(settled, data));
      return { unwrap: () => settled };
    }) as Toast["promise"],
    dismiss: (id?: ToastId): ToastId => {
      run((module) => module.toast.dismiss(id));
      return id ?? "";
    },
    getHistory: () => sonner?.toast.getHistory() ?? [],
    getToasts: () => sonner?.toast.getToasts() ?? [],
  },
);

export const toast: Toast = deferredToast;

export function useSonner(): ReturnType<Sonner["useSonner"]> {
  // Only meaningful once loaded; before that no toast has been shown.
  return sonner ? sonner.useSonner() : { toasts: [] };
}

const RealToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function ReadySignal() {
  useEffect(() => {
    // Runs after the real Toaster's own effects, i.e. once it listens for toasts.
    toasterReady = true;
    flush();
    return () => {
      toasterReady = false;
    };
  }, []);
  return null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Same props as sonner's Toaster; renders nothing until the first toast is requested. */
export function Toaster(props: ComponentProps<Sonner["Toaster"]>) {
  const isActive = useSyncExternalStore(
    subscribe,
    () => active,
    () => false,
  );
  if (!isActive) return null;
  return (
    <Suspense fallback={null}>
      <RealToaster {...props} />
      <ReadySignal />
    </Suspense>
  );
}
