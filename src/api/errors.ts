// The error every API call throws: the HTTP status is kept so screens can pick the spec's
// placeholder (403 -> unauthorized, other -> fetch error). Status 0 means no answer at all.

export interface ApiErrorItem {
  status: number;
  title: string;
  detail: string;
  source?: { parameter?: string };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    /** The request field the server blamed (400s), e.g. 'title' or 'query.limit'. */
    readonly parameter: string | undefined,
    /** Every item of the server's { errors: [...] } answer. */
    readonly errors: ApiErrorItem[] = [],
  ) {
    super(detail);
  }

  get detail(): string {
    return this.message;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isForbidden(): boolean {
    return this.status === 403;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** Reads the server's { errors: [...] } body; tolerates any other body. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let items: ApiErrorItem[] = [];
    try {
      const body = (await response.clone().json()) as { errors?: ApiErrorItem[] };
      if (Array.isArray(body?.errors)) items = body.errors.filter((e) => e && typeof e === 'object');
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): keep the status line.
    }
    const first = items[0];
    return new ApiError(
      response.status,
      first?.title ?? (response.statusText || `HTTP ${response.status}`),
      first?.detail ?? (response.statusText || `HTTP ${response.status}`),
      first?.source?.parameter,
      items,
    );
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, 'Network Error', cause instanceof Error ? cause.message : String(cause), undefined);
    (error as { cause?: unknown }).cause = cause;
    return error;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** An aborted request (navigation, unmount) is not an error to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
