import { describe, expect, it } from 'vitest';
import {
  applicationActions, canSaveApplication, canSaveProfile, descriptionError, imageFileError, imageKind, initialCrop, nameError,
  profileTitle, squareCrop, validCrop,
} from '../../src/rules/applications.ts';
import { IMAGE_MAX_BYTES, NAME_MAX_LENGTH, PROFILE_TITLE_MAX_LENGTH } from '../../src/rules/constants.ts';

describe('application rules (spec 2 §5)', () => {
  it('name: required and fewer than 350 characters; description fewer than 350', () => {
    expect(nameError('  ')).toBe('required');
    expect(nameError('a'.repeat(NAME_MAX_LENGTH - 1))).toBeNull();
    expect(nameError('a'.repeat(NAME_MAX_LENGTH))).toBe('tooLong');
    expect(descriptionError('')).toBeNull();
    expect(descriptionError('d'.repeat(350))).toBe('tooLong');
  });

  it('save needs a valid name, description and owner (unless editing or global), and a change when editing', () => {
    const base = { editing: false, globalCapability: false, saving: false, dirty: true };
    expect(canSaveApplication({ name: 'App', description: '', owner: 'team:t1' }, base)).toBe(true);
    expect(canSaveApplication({ name: 'App', description: '', owner: null }, base)).toBe(false);
    expect(canSaveApplication({ name: 'App', description: '', owner: null }, { ...base, globalCapability: true })).toBe(true);
    expect(canSaveApplication({ name: 'App', description: '', owner: null }, { ...base, editing: true })).toBe(true);
    expect(canSaveApplication({ name: 'App', description: '', owner: null }, { ...base, editing: true, dirty: false })).toBe(false);
    expect(canSaveApplication({ name: '', description: '', owner: 'x' }, base)).toBe(false);
    expect(canSaveApplication({ name: 'App', description: '', owner: 'x' }, { ...base, saving: true })).toBe(false);
  });

  it('images: JPEG or PNG by signature, at most 5 MB', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const gif = new TextEncoder().encode('GIF89a');
    expect(imageKind(png)).toBe('image/png');
    expect(imageKind(jpeg)).toBe('image/jpeg');
    expect(imageKind(gif)).toBeNull();
    expect(imageFileError(100, gif)).toBe('unsupported');
    expect(imageFileError(IMAGE_MAX_BYTES + 1, png)).toBe('tooLarge');
    expect(imageFileError(IMAGE_MAX_BYTES, png)).toBeNull();
  });

  it('crops: non-zero inside the image, starting from the centred square', () => {
    const image = { width: 400, height: 200 };
    expect(initialCrop(image)).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    expect(validCrop(initialCrop(image), image)).toBe(true);
    expect(validCrop({ x: 0, y: 0, width: 0, height: 10 }, image)).toBe(false);
    expect(squareCrop(image, 0.5, 0, 0)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    expect(squareCrop(image, 0.5, 1, 1)).toEqual({ x: 300, y: 100, width: 100, height: 100 });
  });

  it('tile menu: edit/archive when active, delete otherwise and disabled while archiving or deleting, by rights', () => {
    const all = { edit: true, archive: true, delete: true };
    expect(applicationActions('active', all)).toEqual({ edit: true, archive: true, delete: false, deleteDisabled: false });
    expect(applicationActions('archived', all)).toMatchObject({ edit: false, archive: false, delete: true, deleteDisabled: false });
    expect(applicationActions('deleting', all)).toMatchObject({ delete: true, deleteDisabled: true });
    expect(applicationActions('active', { edit: false, archive: false, delete: false })).toMatchObject({ edit: false, archive: false });
  });

  it('profiles: blank titles, title limit, save rules', () => {
    expect(profileTitle('   ')).toBe('');
    const ok = { saving: false, schemaErrors: 0, editing: true, dirty: true, title: 'Mine' };
    expect(canSaveProfile(ok)).toBe(true);
    expect(canSaveProfile({ ...ok, dirty: false })).toBe(false);
    expect(canSaveProfile({ ...ok, editing: false, dirty: false })).toBe(true);
    expect(canSaveProfile({ ...ok, schemaErrors: 1 })).toBe(false);
    expect(canSaveProfile({ ...ok, title: 't'.repeat(PROFILE_TITLE_MAX_LENGTH + 1) })).toBe(false);
  });
});
