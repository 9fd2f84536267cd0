import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { messages } from '@mayorista/core/messages';
import { PRODUCT_IMAGE_MAX_WIDTH } from '@mayorista/core/schemas/product';
import { AppError } from '../../lib/errors';

/**
 * Decoding is where image attacks live (decompression bombs, parser bugs), so the pixel count is
 * capped well below sharp's default: 40 MP is more than any phone photo.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/** Stored names are ours alone: a random UUID and our own extension. Anything else is refused. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

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

/**
 * Checks the upload by content (magic bytes, then a full decode by sharp that must agree), fixes
 * the EXIF orientation, drops metadata (a phone photo can carry GPS), resizes to at most
 * PRODUCT_IMAGE_MAX_WIDTH px wide and re-encodes as WebP.
 */
export async function normaliseProductImage(upload: Buffer): Promise<Buffer> {
  const sniffed = sniffImageFormat(upload);
  if (!sniffed) throw unsupported();
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    if (metadata.format !== sniffed) throw unsupported();
    return await image
      .rotate()
      .resize({ width: PRODUCT_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('image_too_large', messages.products.imageTooManyPixels);
    }
    // A truncated or corrupt file that only looks like an image.
    throw unsupported();
  }
}

export async function storeImage(uploadsDir: string, image: Buffer): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const fileName = `${randomUUID()}.webp`;
  await writeFile(path.join(uploadsDir, fileName), image, { flag: 'wx' });
  return fileName;
}

/** Best effort: a leftover file wastes disk but breaks nothing, so a failure here must not fail the request. */
export async function removeStoredImage(uploadsDir: string, fileName: string | null | undefined): Promise<void> {
  if (!fileName || !STORED_IMAGE_NAME.test(fileName)) return;
  await unlink(path.join(uploadsDir, fileName)).catch(() => undefined);
}
