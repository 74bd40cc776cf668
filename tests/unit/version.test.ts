// Version and resource state colours (spec 1 §2, §4; spec 3 §9), the selector's size by display
// mode, and the statuses that call for the contact hint.
import { describe, expect, it } from 'vitest';
import {
  currentVersionId, deletedResources, resourceStateTone, statusNeedsContact, versionNumber, versionStateTone, versionsLimit,
} from '../../src/rules/version.ts';

describe('version state labels', () => {
  it('colours active success, deprecated tertiary, archived danger', () => {
    expect(versionStateTone('active')).toBe('success');
    expect(versionStateTone('deprecated')).toBe('tertiary');
    expect(versionStateTone('archived')).toBe('danger');
  });

  it('leaves unknown states neutral', () => {
    expect(versionStateTone('design')).toBe('neutral');
    expect(versionStateTone(undefined)).toBe('neutral');
  });
});

describe('resource state colours', () => {
  it('colours deleting danger, archived and archiving warning, active success', () => {
    expect(resourceStateTone('deleting')).toBe('danger');
    expect(resourceStateTone('archived')).toBe('warning');
    expect(resourceStateTone('archiving')).toBe('warning');
    expect(resourceStateTone('active')).toBe('success');
    expect(resourceStateTone('other')).toBe('neutral');
  });
});

describe('version selector and hints', () => {
  it('lists 1 version in latest mode, else up to 50', () => {
    expect(versionsLimit('latest')).toBe(1);
    expect(versionsLimit('all')).toBe(50);
    expect(versionsLimit(undefined)).toBe(50);
  });

  it('asks for the contact hint on warning and error only', () => {
    expect(statusNeedsContact('warning')).toBe(true);
    expect(statusNeedsContact('error')).toBe(true);
    expect(statusNeedsContact('success')).toBe(false);
    expect(statusNeedsContact(null)).toBe(false);
  });

  it('shows the route version, else the latest', () => {
    expect(currentVersionId('v2', 'v3')).toBe('v2');
    expect(currentVersionId(undefined, 'v3')).toBe('v3');
    expect(currentVersionId('', null)).toBeNull();
  });

  it('finds the deleted resources', () => {
    expect(deletedResources([{ id: 'a', status: 'deleted' }, { id: 'b', status: null }]).map((r) => r.id)).toEqual(['a']);
  });
});

describe('versionNumber', () => {
  it("drops a 'v' the label already has, so 'v{version}' never reads 'vv3.1.5'", () => {
    expect(versionNumber('v3.1.5')).toBe('3.1.5');
    expect(versionNumber('V2')).toBe('2');
    expect(versionNumber('3.1.5')).toBe('3.1.5');
    expect(versionNumber('version-2')).toBe('version-2');
    expect(versionNumber('v')).toBe('v');
  });
});
