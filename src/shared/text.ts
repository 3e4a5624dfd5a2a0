// Bad input, unicode tricks: free text must not carry control characters. PostgreSQL refuses a NUL
// byte in text (the request failed with 500), an escape sequence or a line break in a one-line
// value ends up in mail headers, the .ics and the operator's screens, and a bidirectional override
// makes a location read differently from what was stored. Tabs and line breaks stay allowed in
// multi-line fields (a booking note, an affiliate message).

/** One-line text: no C0/C1 control character (line breaks included), no bidirectional override or isolate. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const singleLinePattern = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

/** Multi-line text: tabs and line breaks are fine, other control characters and NUL are not. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

/**
 * Text that reaches the accounting documents (a name, a company, an address): only the characters
 * their embedded faces draw, which are Latin, Greek, Cyrillic, Arabic and Persian, Hebrew, Chinese
 * and emoji (ADR 241). A character outside them is refused with a clear message at input rather
 * than dropped from an invoice; src/server/features/invoices/document-scripts.test.ts holds this
 * list to the faces. Generated from the faces' character maps; one-line rules still apply beside it.
 */
export const printablePattern =
  // eslint-disable-next-line no-misleading-character-class -- combining marks and joiners are accepted one by one, as the faces draw them
  /^[\u0020-\u007e\u00a0-\u024f\u0300-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u03e1\u03f0-\u052f\u0591-\u05c7\u05d0-\u05ea\u05f0-\u05f4\u0600-\u0604\u0606-\u061b\u061e-\u06ff\u0750-\u077f\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fc4\u1fc6-\u1fd3\u1fd6-\u1fdb\u1fdd-\u1fef\u1ff2-\u1ff4\u1ff6-\u1ffe\u2000-\u200d\u200d-\u2027\u202f-\u2064\u20a0-\u20c0\u2100-\u214f\u2190-\u2199\u21a8-\u21aa\u21b8\u21b9\u21c4-\u21c6\u21cb\u21cc\u21d0\u21d2\u21d4\u21e6-\u21e9\u21f5\u2600-\u2606\u2609\u260e\u260f\u2611\u2614-\u2618\u261c-\u2620\u2622\u2623\u2626\u262a\u262e\u262f\u2638-\u263c\u2640-\u2642\u2648-\u2653\u265f-\u266f\u2672-\u267f\u2692-\u2697\u2699\u269b\u269c\u26a0\u26a1\u26a7\u26aa\u26ab\u26b0\u26b1\u26bd\u26be\u26c4\u26c5\u26c8\u26ce\u26cf\u26d1\u26d3\u26d4\u26e9\u26ea\u26f0-\u26f5\u26f7-\u26fa\u26fd\u2702\u2705\u2708-\u270d\u270f\u2712-\u2714\u2716\u271a\u271d\u2721\u2728\u2733\u2734\u273d\u273f\u2740\u2744\u2747\u274c\u274e\u2753-\u2757\u2763\u2764\u2776-\u277f\u2795-\u2797\u27a1\u27b0\u27bf\u3000-\u303f\u3400-\u4db5\u4e00-\u9fd0\ufb1d-\ufb36\ufb38-\ufb3c\ufb3e\ufb40\ufb41\ufb43\ufb44\ufb46-\ufbc1\ufbd3-\ufd3f\ufd50-\ufd8f\ufd92-\ufdc7\ufdf2\ufdfa-\ufdfd\ufe0f\ufe70-\ufe74\ufe76-\ufefc\uff01-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\uffe0-\uffe6\uffe8-\uffee\u{1f300}-\u{1f321}\u{1f324}-\u{1f393}\u{1f396}\u{1f397}\u{1f399}-\u{1f39b}\u{1f39e}-\u{1f3f0}\u{1f3f3}-\u{1f3f5}\u{1f3f7}-\u{1f4fd}\u{1f4ff}-\u{1f53d}\u{1f549}-\u{1f54e}\u{1f550}-\u{1f567}\u{1f56f}\u{1f570}\u{1f573}-\u{1f57a}\u{1f587}\u{1f58a}-\u{1f58d}\u{1f590}\u{1f595}\u{1f596}\u{1f5a4}\u{1f5a5}\u{1f5a8}\u{1f5b1}\u{1f5b2}\u{1f5bc}\u{1f5c2}-\u{1f5c4}\u{1f5d1}-\u{1f5d3}\u{1f5dc}-\u{1f5de}\u{1f5e1}\u{1f5e3}\u{1f5e8}\u{1f5ef}\u{1f5f3}\u{1f5fa}-\u{1f64f}\u{1f680}-\u{1f6c5}\u{1f6cb}-\u{1f6d2}\u{1f6d5}-\u{1f6d8}\u{1f6dc}-\u{1f6e5}\u{1f6e9}\u{1f6eb}\u{1f6ec}\u{1f6f0}\u{1f6f3}-\u{1f6fc}\u{1f90c}-\u{1f93a}\u{1f93c}-\u{1f945}\u{1f947}-\u{1f9ff}]*$/u;

/** Multi-line text that reaches the documents (a billing address): printable line by line. */
export const isPrintableText = (text: string) => text.split(/\r?\n/).every((line) => printablePattern.test(line));
