// Loaded with `node --import` by `npm run build` (ADR 004). React Router's build starts Vite
// servers of its own with `envFile: false`, which Vite 8 reports as deprecated, once per server:
// lines in every build that the project cannot act on, since neither server reads our Vite config.
// This drops that one message and passes every other warning on unchanged.
const deprecatedEnvFile = "The `envFile` option is deprecated";
const warn = console.warn.bind(console);
console.warn = (...parts: unknown[]) => {
  if (typeof parts[0] === "string" && parts[0].includes(deprecatedEnvFile)) return;
  warn(...parts);
};
