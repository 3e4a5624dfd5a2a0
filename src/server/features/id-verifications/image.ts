import sharp from "sharp";

// ARCHITECTURE.md files: an uploaded image is judged by its content, never by its name or the
// Content-Type the browser sent (OWASP File Upload Cheat Sheet, "file signature validation"), and
// re-encoded, which drops the metadata (EXIF GPS position, camera serial) and anything hidden
// after the image data.

export type ImageKind = "image/jpeg" | "image/png" | "image/webp";

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type the bytes start with (JPEG, PNG or WebP signatures), or null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && pngSignature.every((value, index) => bytes[index] === value)) return "image/png";
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** A phone camera is 12–50 megapixels; more than this is a decompression bomb, not a document. */
const maximumInputPixels = 100_000_000;
/** The long side kept: enough to read a passport's machine-readable zone (ICAO 9303) at 300 dpi. */
const maximumSide = 3000;

export class UnreadableImageError extends Error {}

/**
 * The document re-encoded as JPEG: turned upright by its EXIF orientation, shrunk to at most
 * 3000 px on the long side, without any metadata (sharp writes none unless asked).
 */
export async function reencodeDocument(bytes: Uint8Array): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: maximumInputPixels, failOn: "error" })
      .autoOrient()
      .resize({ width: maximumSide, height: maximumSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError("The image could not be read.", { cause: error });
  }
}
