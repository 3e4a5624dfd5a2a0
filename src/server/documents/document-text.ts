import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import bidiFactory from "bidi-js";
import * as fontkit from "fontkit";

// ADR 241: the documents print every name a customer can type. Liberation
// Sans draws the Latin text the documents were designed in (ADR 142); what it lacks falls back, a
// character at a time, to Noto Sans (more Latin, Greek, Cyrillic), Noto Naskh Arabic (Arabic and
// Persian), Noto Sans Hebrew, Noto Sans Hans (Chinese) and Noto Emoji. Right-to-left text is put
// in reading order by the Unicode Bidirectional Algorithm (UAX #9); shaping (Arabic joining) is
// fontkit's. What no face can draw is refused at input (`printablePattern`, src/shared/text.ts),
// so nothing is ever dropped here.

const require = createRequire(import.meta.url);

/** A file inside an installed font package, found from the package's entry (its exports name no font files). */
function packaged(file: string): string {
  const [scope, name, ...rest] = file.split("/");
  let directory = path.dirname(require.resolve(`${scope}/${name}`));
  while (!existsSync(path.join(directory, "package.json"))) directory = path.dirname(directory);
  return path.join(directory, ...rest);
}
const local = (file: string) => fileURLToPath(new URL(`./fonts/${file}`, import.meta.url));

export type FontWeight = "regular" | "bold";

/** The faces in the order they are tried: the first one that has a character draws it. */
const faces = [
  { name: "liberation", regular: local("LiberationSans-Regular.ttf"), bold: local("LiberationSans-Bold.ttf") },
  {
    name: "noto-sans",
    regular: packaged("@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf"),
    bold: packaged("@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf"),
  },
  {
    name: "noto-arabic",
    regular: packaged("@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf"),
    bold: packaged("@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Bold.ttf"),
  },
  {
    name: "noto-hebrew",
    regular: packaged("@embedpdf/fonts-hebrew/fonts/NotoSansHebrew-Regular.ttf"),
    bold: packaged("@embedpdf/fonts-hebrew/fonts/NotoSansHebrew-Bold.ttf"),
  },
  {
    name: "noto-chinese",
    regular: packaged("@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf"),
    bold: packaged("@embedpdf/fonts-sc/fonts/NotoSansHans-Bold.otf"),
  },
  {
    name: "noto-emoji",
    regular: packaged("@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf"),
    bold: packaged("@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf"),
  },
] as const;

type FaceName = (typeof faces)[number]["name"];

/** The name a face and weight are registered under in a PDF document. */
export const fontName = (face: FaceName, weight: FontWeight) => (face === "liberation" ? weight : `${face}-${weight}`);

/** Registers every face in both weights; Liberation keeps the names "regular" and "bold". */
export function registerDocumentFonts(document: PDFKit.PDFDocument) {
  for (const face of faces) {
    document.registerFont(fontName(face.name, "regular"), face.regular);
    document.registerFont(fontName(face.name, "bold"), face.bold);
  }
}

// Opening a face reads its file (the Chinese one is 8 MB): once per process, on first use.
let openedFaces: { name: FaceName; font: fontkit.Font }[] | undefined;
function regularFaces() {
  openedFaces ??= faces.map((face) => ({ name: face.name, font: fontkit.openSync(face.regular) as fontkit.Font }));
  return openedFaces;
}

/** Joiners and selectors belong to the character before them: they never start a run of their own. */
// eslint-disable-next-line no-misleading-character-class -- single combining marks and joiners are what this class finds
const clinging = /[\p{M}\u200c\u200d\ufe00-\ufe0f]/u;

function faceOf(codePoint: number, previous: FaceName | undefined): FaceName | undefined {
  const opened = regularFaces();
  const character = String.fromCodePoint(codePoint);
  if (previous && (clinging.test(character) || /\s/u.test(character))) return previous;
  // Neutral characters (spaces, punctuation, digits) stay in the face of the run around them.
  if (
    previous &&
    /[\p{P}\p{N}\p{Zs}]/u.test(character) &&
    opened.find((face) => face.name === previous)?.font.hasGlyphForCodePoint(codePoint)
  ) {
    return previous;
  }
  return opened.find((face) => face.font.hasGlyphForCodePoint(codePoint))?.name;
}

/** Whether Liberation alone draws the text: the documents' usual case, drawn as before. */
export function isPlainText(text: string): boolean {
  const liberation = regularFaces()[0]!.font;
  for (const character of text) if (!liberation.hasGlyphForCodePoint(character.codePointAt(0)!)) return false;
  return true;
}

/** Characters no face can draw (none, for text that passed `printablePattern`). */
export function undrawableCharacters(text: string): string[] {
  return [
    ...new Set([...text].filter((character) => !clinging.test(character) && faceOf(character.codePointAt(0)!, undefined) === undefined)),
  ];
}

export type TextRun = { text: string; face: FaceName };

const bidi = bidiFactory();
const strongRightToLeft = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * A line of text as runs in the order they are drawn, left to right (UAX #9 rule L2 on runs).
 * A run with right-to-left letters keeps its reading order, because the font engine shapes it and
 * lays it out right to left; a right-to-left run of neutrals alone is reversed here, mirrored.
 */
export function visualRuns(text: string): TextRun[] {
  const { levels } = bidi.getEmbeddingLevels(text, "auto");
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  type LogicalRun = { start: number; end: number; level: number; face: FaceName };
  const runs: LogicalRun[] = [];
  let previous: FaceName | undefined;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index)!;
    const length = codePoint > 0xffff ? 2 : 1;
    const face = faceOf(codePoint, previous) ?? "liberation";
    const level = levels[index]!;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === level) last.end = index + length;
    else runs.push({ start: index, end: index + length, level, face });
    previous = face;
    index += length;
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  const ordered = [...runs];
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if (ordered[start]!.level < level) continue;
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1]!.level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered.map((run) => {
    const logical = text.slice(run.start, run.end);
    if (run.level % 2 === 0 || strongRightToLeft.test(logical)) return { text: logical, face: run.face };
    const characters: string[] = [];
    for (let index = run.start; index < run.end;) {
      const character = String.fromCodePoint(text.codePointAt(index)!);
      characters.push(mirrored.get(index) ?? character);
      index += character.length;
    }
    return { text: characters.reverse().join(""), face: run.face };
  });
}

// pdfkit lays out text a word at a time for its cache unless features are given, which would put
// the words of a right-to-left run back in reading order from the left; an empty list (the faces'
// own default features) makes it lay out each run whole.
const wholeRun = { features: [] };

export type WriteOptions = { width: number; weight: FontWeight; align?: "left" | "right" };

function measure(document: PDFKit.PDFDocument, text: string, weight: FontWeight): number {
  return visualRuns(text).reduce((sum, run) => sum + document.font(fontName(run.face, weight)).widthOfString(run.text, wholeRun), 0);
}

/** Greedy wrapping at spaces, and inside a word only when the word alone is too wide (Chinese has no spaces). */
function wrap(document: PDFKit.PDFDocument, text: string, options: WriteOptions): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/(?<=\s)/u)) {
    if (measure(document, line + word, options.weight) <= options.width) {
      line += word;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = "";
    for (const character of word) {
      if (line && measure(document, line + character, options.weight) > options.width) {
        lines.push(line);
        line = "";
      }
      line += character;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * Writes text at (x, y) as pdfkit's `text` does, and leaves `document.y` below it. Text Liberation
 * draws alone goes to pdfkit unchanged; other text is wrapped, put in visual order and drawn run by
 * run, each run in the face that has its characters.
 */
export function writeText(document: PDFKit.PDFDocument, text: string, x: number, y: number, options: WriteOptions) {
  document.font(options.weight);
  if (isPlainText(text)) {
    document.text(text, x, y, { width: options.width, align: options.align ?? "left" });
    return;
  }
  const lineHeight = document.currentLineHeight(true);
  let lineY = y;
  for (const line of wrap(document, text, options)) {
    const runs = visualRuns(line).map((run) => ({
      ...run,
      width: document.font(fontName(run.face, options.weight)).widthOfString(run.text, wholeRun),
    }));
    const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
    let runX = options.align === "right" ? x + options.width - lineWidth : x;
    for (const run of runs) {
      document.font(fontName(run.face, options.weight)).text(run.text, runX, lineY, { ...wholeRun, lineBreak: false });
      runX += run.width;
    }
    lineY += lineHeight;
  }
  document.font(options.weight);
  document.x = x;
  document.y = lineY;
}
