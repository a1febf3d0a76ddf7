/**
 * What an image file says about itself in its first bytes: its format and its pixel size (JPEG,
 * PNG, WebP in all three of its forms; an SVG's format only). No image library: the header is
 * read as the file format specifies it.
 */
export interface ImageHeader {
  format: "jpeg" | "png" | "webp" | "avif" | "svg";
  width?: number;
  height?: number;
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length > 24 && ascii(bytes, 1, 3) === "PNG") return { format: "png", width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length > 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes, view);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes, view);
  if (bytes.length > 12 && ascii(bytes, 4, 8) === "ftypavif") return { format: "avif" };
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(new TextDecoder().decode(bytes.subarray(0, 200)))) return { format: "svg" };
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageHeader {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") return { format: "webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  const uint24 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
  return { format: "webp", width: uint24(24) + 1, height: uint24(27) + 1 }; // VP8X
}

/** A JPEG's size is in its start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC). */
function jpeg(bytes: Uint8Array, view: DataView): ImageHeader {
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) return { format: "jpeg" };
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { format: "jpeg", height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return { format: "jpeg" };
}
