// Application images (spec 2 §5): a data URL in the request, JPEG or PNG by the file's signature
// (the declared type is not trusted), at most IMAGE_MAX_BYTES once decoded; stored as a row of
// `images` owned by the caller's organisation and answered as its URL.
import { randomUUID } from 'node:crypto';
import { badRequest } from '../errors.ts';
import { images } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { IMAGE_MAX_BYTES } from '../../../src/rules/constants.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export const NOT_AN_IMAGE = 'The image could not be read: only JPEG and PNG files are supported.';
export const IMAGE_TOO_LARGE = `The image is too large: files over 5 MB (${IMAGE_MAX_BYTES} bytes) are not accepted.`;

/** The decoded bytes and their content type, or 400 on `icon`. */
export function decodeImage(dataUrl: string): { contentType: string; data: Buffer } {
  const match = /^data:[^,;]*(;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw badRequest('icon', NOT_AN_IMAGE);
  const base64 = match[2]!.replace(/\s/g, '');
  // Cheap bound before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > IMAGE_MAX_BYTES) throw badRequest('icon', IMAGE_TOO_LARGE);
  const data = Buffer.from(base64, 'base64');
  if (data.length > IMAGE_MAX_BYTES) throw badRequest('icon', IMAGE_TOO_LARGE);
  if (data.subarray(0, PNG.length).equals(PNG)) return { contentType: 'image/png', data };
  if (data.subarray(0, JPEG.length).equals(JPEG)) return { contentType: 'image/jpeg', data };
  throw badRequest('icon', NOT_AN_IMAGE);
}

/** Stores the image for the organisation; returns its id. */
export async function storeImage(db: Db, orgId: string, dataUrl: string): Promise<string> {
  const { contentType, data } = decodeImage(dataUrl);
  const id = `img-${randomUUID()}`;
  await db.insert(images).values({ id, contentType, data, orgId });
  return id;
}

export const imageUrl = (id: string | null): string | null => (id ? `/api/v1/images/${id}` : null);
