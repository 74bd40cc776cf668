// Product versions (spec 1 §2, §4; spec 3 §4): the state label colours, how many versions the
// selector lists, which statuses call for the contact hint, and which version a page shows.
import { VERSIONS_LIMIT_ALL, VERSIONS_LIMIT_LATEST } from './constants.ts';
import type { Tone } from '../ui/tone.ts';

export const VERSION_STATES = ['active', 'deprecated', 'archived'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

/** active in the success colour, deprecated in tertiary, archived in danger. */
export const VERSION_STATE_TONES: Record<VersionState, Tone> = { active: 'success', deprecated: 'tertiary', archived: 'danger' };

export function versionStateTone(state: string | null | undefined): Tone {
  return (VERSION_STATES as readonly string[]).includes(state ?? '') ? VERSION_STATE_TONES[state as VersionState] : 'neutral';
}

/** Resource states (spec 1 §4): deleting danger; archived and archiving warning; active success. */
export const RESOURCE_STATE_TONES: Record<string, Tone> = { deleting: 'danger', archived: 'warning', archiving: 'warning', active: 'success' };

export function resourceStateTone(state: string | null | undefined): Tone {
  return (state && RESOURCE_STATE_TONES[state]) || 'neutral';
}

/** settings.versions.display: 'latest' lists one version in the selector, otherwise up to 50. */
export function versionsLimit(display: string | null | undefined): number {
  return display === 'latest' ? VERSIONS_LIMIT_LATEST : VERSIONS_LIMIT_ALL;
}

/** Statuses (of a product or a version) that show a warning hint with the provider contact. */
export function statusNeedsContact(status: string | null | undefined): status is 'warning' | 'error' {
  return status === 'warning' || status === 'error';
}

/** The version a product page shows: the one in the route, else the product's latest. */
export function currentVersionId(routeVersionId: string | null | undefined, latestVersionId: string | null | undefined): string | null {
  return routeVersionId?.trim() || latestVersionId || null;
}

/** Resources the provider deleted (status 'deleted'): they trigger the deleted warning. */
export function deletedResources<T extends { status?: string | null }>(resources: readonly T[]): T[] {
  return resources.filter((r) => r.status === 'deleted');
}

/** A version label for a screen that writes its own 'v' ("v{version}"): imported descriptions
 * often carry the 'v' already ('v3.1.5'), which read "vv3.1.5". A leading 'v' or 'V' before a
 * digit is dropped; any other label is kept ('version-2', '2025-01'). */
export const versionNumber = (label: string): string => label.replace(/^[vV](?=\d)/, '');
