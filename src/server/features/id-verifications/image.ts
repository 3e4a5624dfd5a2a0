import sharp from "sharp";
import { UnreadableImageError } from "../../storage/image-signature.ts";

// ADR 062: an uploaded image is judged by its content (storage/image-signature.ts) and
// re-encoded, which drops the metadata (EXIF GPS position, camera serial) and anything hidden
// after the image data.

/** A phone camera is 12–50 megapixels; more than this is a decompression bomb, not a document. */
const maximumInputPixels = 100_000_000;
/** The long side kept: enough to read a passport's machine-readable zone (ICAO 9303) at 300 dpi. */
const maximumSide = 3000;

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
