// Pure rules of the applications screens (spec 2 §4, §5, §8): name and description limits, the
// image checks before upload, when save is enabled, what the tile menu offers, and the list query.
import { DESCRIPTION_MAX_LENGTH, IMAGE_MAX_BYTES, NAME_MAX_LENGTH, PROFILE_TITLE_MAX_LENGTH } from './constants.ts';

export type ApplicationState = 'active' | 'archived' | 'archiving' | 'deleting';

/** Name: required, fewer than NAME_MAX_LENGTH characters (spec 2 §5). */
export function nameError(name: string): 'required' | 'tooLong' | null {
  if (name.trim() === '') return 'required';
  return name.length >= NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** Description: optional, fewer than DESCRIPTION_MAX_LENGTH characters. */
export function descriptionError(description: string): 'tooLong' | null {
  return description.length >= DESCRIPTION_MAX_LENGTH ? 'tooLong' : null;
}

export interface ApplicationDraft {
  name: string;
  description: string;
  /** The chosen owner's key, or null. */
  owner: string | null;
}

/** Save: name valid, description valid, an owner chosen unless editing (the owner is fixed) or the
 * user has the global capability; never while saving or, when editing, with nothing changed. */
export function canSaveApplication(draft: ApplicationDraft, options: { editing: boolean; globalCapability: boolean; saving: boolean; dirty: boolean }): boolean {
  if (options.saving || (options.editing && !options.dirty)) return false;
  if (nameError(draft.name) || descriptionError(draft.description)) return false;
  return options.editing || options.globalCapability || draft.owner !== null;
}

export type ImageKind = 'image/png' | 'image/jpeg';

/** JPEG or PNG by the file's first bytes (spec 2 §5: the declared type is not trusted). */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** §8 image errors: 'tooLarge' before reading, 'unsupported' after the signature check. */
export function imageFileError(size: number, head: Uint8Array | null): 'tooLarge' | 'unsupported' | null {
  if (size > IMAGE_MAX_BYTES) return 'tooLarge';
  return head && imageKind(head) ? null : 'unsupported';
}

export interface CropArea { x: number; y: number; width: number; height: number }

/** A crop needs a non-zero width and height inside the image. */
export function validCrop(crop: CropArea, image: { width: number; height: number }): boolean {
  return crop.width >= 1 && crop.height >= 1 && crop.x >= 0 && crop.y >= 0
    && crop.x + crop.width <= image.width + 0.5 && crop.y + crop.height <= image.height + 0.5;
}

/** The largest centred square of the image: the crop the dialog starts with. */
export function initialCrop(image: { width: number; height: number }): CropArea {
  const side = Math.min(image.width, image.height);
  return { x: Math.round((image.width - side) / 2), y: Math.round((image.height - side) / 2), width: side, height: side };
}

/** The square crop of `side` (as a share 0.1–1 of the shorter edge) centred at (cx, cy) shares, kept inside. */
export function squareCrop(image: { width: number; height: number }, share: number, cx: number, cy: number): CropArea {
  const side = Math.max(1, Math.round(Math.min(image.width, image.height) * Math.min(1, Math.max(0.1, share))));
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), Math.max(0, max));
  return { x: clamp(cx * image.width - side / 2, image.width - side), y: clamp(cy * image.height - side / 2, image.height - side), width: side, height: side };
}

/** Tile menu (spec 2 §4): active offers edit and archive; others offer delete, disabled while
 * archiving or deleting; each needs the right on the owning team. */
export function applicationActions(state: ApplicationState, rights: { edit: boolean; archive: boolean; delete: boolean }) {
  const active = state === 'active';
  return {
    edit: active && rights.edit,
    archive: active && rights.archive,
    delete: !active && rights.delete,
    deleteDisabled: state === 'archiving' || state === 'deleting',
  };
}

export const APPLICATION_LIST_SORTS = ['-metadata.modifiedAt', '-metadata.createdAt', '+title', '-title'] as const;
export type ApplicationListSort = (typeof APPLICATION_LIST_SORTS)[number];

/** Profile title: whitespace-only is blanked; at most PROFILE_TITLE_MAX_LENGTH characters. */
export function profileTitle(title: string): string {
  return title.trim() === '' ? '' : title;
}
export function profileTitleError(title: string): 'tooLong' | null {
  return title.length > PROFILE_TITLE_MAX_LENGTH ? 'tooLong' : null;
}

/** Profile save (spec 2 §5): not while saving, not with schema errors, not when nothing changed
 * (edit), not with an invalid title. */
export function canSaveProfile(options: { saving: boolean; schemaErrors: number; editing: boolean; dirty: boolean; title: string }): boolean {
  return !options.saving && options.schemaErrors === 0 && (!options.editing || options.dirty) && profileTitleError(options.title) === null;
}
