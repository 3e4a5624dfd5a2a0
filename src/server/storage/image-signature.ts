// ADR 062: an uploaded picture (an avatar, an identity document) is judged by its
// content, never by its name or the Content-Type the browser sent (OWASP File Upload Cheat Sheet,
// "file signature validation"); each feature then re-encodes it with sharp in its own way.

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

/** The bytes are not a JPEG, PNG or WebP picture sharp can decode. */
export class UnreadableImageError extends Error {}
