import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../../lib/http-errors';

/** Where avatars are served from, relative to the API's origin; stored this way so no Host header ends up in the database. */
export const AVATAR_PATH_PREFIX = '/uploads/avatars/';

/** The largest picture accepted before resizing (a 48-megapixel phone photo fits). */
export const MAX_INPUT_PIXELS = 8000 * 8000;
/** What is stored and served: a square, small enough for any avatar slot at 2x. */
export const AVATAR_SIZE = 512;

const SNIFFERS: Array<{ format: 'jpeg' | 'png' | 'webp'; test: (b: Buffer) => boolean }> = [
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    format: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: 'webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

/**
 * Decodes the upload and encodes a new WebP from its pixels, so nothing the client sent but the
 * picture survives: no trailing HTML or script, no metadata (location), no decoder tricks for
 * whoever views it. Only the three formats the form offers reach the decoder (no SVG, no TIFF).
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw badRequest('That image is empty.', { image: 'is empty' });
  const sniffed = SNIFFERS.find((s) => s.test(bytes));
  if (!sniffed)
    throw badRequest('Upload a JPEG, PNG or WebP image.', { image: 'unsupported type' });
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== sniffed.format)
      throw new Error(`declared ${sniffed.format}, decoded ${meta.format}`);
    return await image
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw badRequest(
      tooBig
        ? `That image is too large. Use one under ${Math.sqrt(MAX_INPUT_PIXELS)}×${Math.sqrt(MAX_INPUT_PIXELS)} pixels.`
        : 'That file is not a readable JPEG, PNG or WebP image.',
      { image: tooBig ? 'too many pixels' : 'cannot be read' },
    );
  }
}

export async function storeAvatar(
  uploadsDir: string,
  userId: string,
  image: Buffer,
): Promise<string> {
  const dir = path.join(uploadsDir, 'avatars');
  await mkdir(dir, { recursive: true });
  const fileName = `${userId}-${randomBytes(8).toString('hex')}.webp`;
  await writeFile(path.join(dir, fileName), image);
  return `${AVATAR_PATH_PREFIX}${fileName}`;
}

/**
 * The stored value as the API returns it: our own files as a path (older rows hold an absolute
 * URL built from whatever Host the uploader sent), a social provider's picture as it is.
 */
export function avatarPath(stored: string | null): string | null {
  if (!stored) return null;
  const own = /^https?:\/\/[^/]+(\/uploads\/avatars\/[\w.-]+)$/.exec(stored);
  return own ? own[1]! : stored;
}

/** Removes a user's previous avatar file; only files of ours that belong to this user. */
export async function deleteAvatar(
  uploadsDir: string,
  userId: string,
  stored: string | null,
): Promise<void> {
  const own = avatarPath(stored);
  if (!own?.startsWith(AVATAR_PATH_PREFIX)) return;
  const fileName = own.slice(AVATAR_PATH_PREFIX.length);
  if (!fileName.startsWith(`${userId}-`) || fileName.includes('/') || fileName.includes('..'))
    return;
  await unlink(path.join(uploadsDir, 'avatars', fileName)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}
