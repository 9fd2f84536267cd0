import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../../lib/lazy-modules';
import { messages } from '@mayorista/core/messages';
import { PRODUCT_IMAGE_MAX_WIDTH, PRODUCT_IMAGE_WIDTHS } from '@mayorista/core/schemas/product';
import { AppError } from '../../lib/errors';

/**
 * Decoding is where image attacks live (decompression bombs, parser bugs), so the pixel count is
 * capped well below sharp's default: 40 MP is more than any phone photo.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stored names are ours alone: a random UUID, optionally a smaller copy's width, and our own
 * extension (`<uuid>.webp`, `<uuid>-400.webp`). Anything else is refused.
 */
export const STORED_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-[1-9][0-9]{1,3})?\.webp$/;

/** The file of a smaller copy of a stored image: `<uuid>.webp` at 400 px is `<uuid>-400.webp`. */
export const variantFileName = (fileName: string, width: number): string => fileName.replace(/\.webp$/, `-${width}.webp`);

type AcceptedFormat = 'jpeg' | 'png' | 'webp';

/** The type by its first bytes; the file name and the declared content type are the sender's word, not proof. */
export function sniffImageFormat(bytes: Uint8Array): AcceptedFormat | null {
  const startsWith = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const unsupported = () => new AppError('unsupported_image', messages.products.imageUnsupported);

/** A product image ready to store: the full size and its smaller copies, all WebP. */
export interface RenderedImage {
  full: Buffer;
  width: number;
  height: number;
  /** Smaller copies, narrowest first: only widths below the full one (nothing is enlarged). */
  variants: { width: number; data: Buffer }[];
}

/**
 * Checks the upload by content (magic bytes, then a full decode by sharp that must agree), fixes
 * the EXIF orientation, drops metadata (a phone photo can carry GPS), resizes to at most
 * PRODUCT_IMAGE_MAX_WIDTH px wide and re-encodes as WebP, plus a copy at each of
 * PRODUCT_IMAGE_WIDTHS narrower than that, for `srcset`.
 */
export async function renderProductImage(upload: Buffer): Promise<RenderedImage> {
  const sniffed = sniffImageFormat(upload);
  if (!sniffed) throw unsupported();
  try {
    const image = sharp()(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    if (metadata.format !== sniffed) throw unsupported();
    const { data: full, info } = await image
      .rotate()
      .resize({ width: PRODUCT_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    // Copies come from the normalised full size (already rotated and small), not the upload again.
    const variants = await Promise.all(
      PRODUCT_IMAGE_WIDTHS.filter((width) => width < info.width).map(async (width) => ({
        width,
        data: await sharp()(full).resize({ width }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { full, width: info.width, height: info.height, variants };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('image_too_large', messages.products.imageTooManyPixels);
    }
    // A truncated or corrupt file that only looks like an image.
    throw unsupported();
  }
}

/** Writes the full size and its copies; returns the full size's file name and the copies' widths. */
export async function storeImage(uploadsDir: string, image: RenderedImage): Promise<{ fileName: string; widths: number[] }> {
  await mkdir(uploadsDir, { recursive: true });
  const fileName = `${randomUUID()}.webp`;
  await writeFile(path.join(uploadsDir, fileName), image.full, { flag: 'wx' });
  for (const variant of image.variants) {
    await writeFile(path.join(uploadsDir, variantFileName(fileName, variant.width)), variant.data, { flag: 'wx' });
  }
  return { fileName, widths: image.variants.map((v) => v.width) };
}

/**
 * Removes an image and its copies. Best effort: a leftover file wastes disk but breaks nothing,
 * so a failure here must not fail the request.
 */
export async function removeStoredImage(uploadsDir: string, fileName: string | null | undefined, widths: readonly number[] = []): Promise<void> {
  if (!fileName || !STORED_IMAGE_NAME.test(fileName)) return;
  for (const name of [fileName, ...widths.map((w) => variantFileName(fileName, w))]) {
    await unlink(path.join(uploadsDir, name)).catch(() => undefined);
  }
}
