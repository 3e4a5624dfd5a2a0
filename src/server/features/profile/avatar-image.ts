import sharp from "sharp";
import { avatarSidePixels } from "../../../shared/profile.ts";

// SPEC §2 avatar. What the browser says a file is (its name, its Content-Type) is not trusted: the
// first bytes must be a JPEG, PNG or WebP signature (OWASP File Upload Cheat Sheet, "File signature
// validation"), and the picture is decoded and re-encoded by sharp, so what is stored is always a
// plain 256×256 WebP that sharp wrote: no script, no SVG, no EXIF (GPS position, camera serial) —
// sharp keeps no metadata unless asked (sharp docs, "Output options: keepMetadata").

export type ImageFormat = "jpeg" | "png" | "webp";

/** The format named by the file's signature, or null for anything else (HTML, SVG, PDF, …). */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP (RFC 9649 §2).
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** A decoding bomb (a tiny file that decodes to a huge bitmap) is refused before it is decoded. */
const maximumInputPixels = 40_000_000;

export class UnreadableImageError extends Error {}

/** Re-encodes a JPEG/PNG/WebP as a square WebP, turned upright by its EXIF orientation, without metadata. */
export async function toAvatarWebp(bytes: Uint8Array): Promise<Buffer> {
  const format = imageFormatOf(bytes);
  if (!format) throw new UnreadableImageError("not a JPEG, PNG or WebP file");
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: maximumInputPixels, animated: false });
    const metadata = await image.metadata();
    // The decoder must agree with the signature: a PNG header on something else is refused.
    if (metadata.format !== format) throw new UnreadableImageError(`signature ${format} but content ${metadata.format}`);
    return await image
      .rotate()
      .resize(avatarSidePixels, avatarSidePixels, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
