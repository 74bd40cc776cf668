// Whether the explorer's try-it-out is on for a resource: the same rule decides the button in the
// browser and the gateway's answer on the server. (Visibility of the resource to the caller is a
// precondition the server checks first; a screen showing the resource already passed it.)

/** Types whose explorer has a try-it console that sends HTTP requests through the gateway. */
export const TRY_IT_TYPES: readonly string[] = ['oas2', 'oas3', 'oas3.1', 'graphql'];

export type TryItBlock = 'signin' | 'deleted' | 'inactive' | 'unsupportedType';

export interface TryItInput {
  /** The caller is signed in (visitors never try: every call is recorded against a user). */
  signedIn: boolean;
  resource: {
    type: string;
    /** active | archived | archiving | deleting */
    state: string;
    /** null, or 'deleted' */
    status: string | null;
  };
}

export type TryItState = { allowed: true; reason: null } | { allowed: false; reason: TryItBlock };

export function tryItState({ signedIn, resource }: TryItInput): TryItState {
  if (!TRY_IT_TYPES.includes(resource.type)) return { allowed: false, reason: 'unsupportedType' };
  if (resource.status === 'deleted') return { allowed: false, reason: 'deleted' };
  if (resource.state !== 'active') return { allowed: false, reason: 'inactive' };
  if (!signedIn) return { allowed: false, reason: 'signin' };
  return { allowed: true, reason: null };
}

/** Methods a read-only specification (asset_resources.read_only) may be tried with: the ones that
 * change nothing. The console hides the others' try-it; the gateway refuses them (403). */
export const READ_ONLY_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

export function tryItMethodAllowed(resource: { readOnly?: boolean | null }, method: string): boolean {
  return !resource.readOnly || READ_ONLY_METHODS.includes(method.toUpperCase());
}
