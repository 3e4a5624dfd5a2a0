// The one function of html-to-text (React Email's own converter) the fixtures read HTML with.
declare module "html-to-text" {
  export function convert(html: string, options?: Record<string, unknown>): string;
}
