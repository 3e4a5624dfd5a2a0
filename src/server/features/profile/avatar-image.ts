import sharp from "sharp";
import { avatarSidePixels } from "../../../shared/profile.ts";
import { imageFormatOf, UnreadableImageError } from "../../storage/image-signature.ts";

// docs/product.md §2 avatar. What the browser says a file is (its name, its Content-Type) is not trusted: the
// first bytes must be a JPEG, PNG or WebP signature (storage/image-signature.ts), and the picture
// is decoded and re-encoded by sharp, so what is stored is always a plain 256×256 WebP that sharp
// wrote: no script, no SVG, no EXIF (GPS position, camera serial) — sharp keeps no metadata unless
// asked (sharp docs, "Output options: keepMetadata").

/** A decoding bomb (a tiny file that decodes to a huge bitmap) is refused before it is decoded. */
const maximumInputPixels = 40_000_000;

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
