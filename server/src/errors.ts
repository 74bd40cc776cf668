// One JSON error shape for every failure: { errors: [{ status, title, detail, source: { parameter } }] }.
// Routes throw ApiError; the errors plugin turns it (and Fastify's validation errors) into that shape.

export interface ErrorItem {
  status: number;
  title: string;
  detail: string;
  source?: { parameter?: string };
  /** JSON:API's error links: `about` is where the caller can act on it (e.g. the invoice to pay). */
  links?: { about: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail?: string,
    readonly parameter?: string,
    readonly links?: { about: string },
  ) {
    super(detail ?? title);
  }
  toItem(): ErrorItem {
    return {
      status: this.status,
      title: this.title,
      detail: this.message,
      ...(this.parameter ? { source: { parameter: this.parameter } } : {}),
      ...(this.links ? { links: this.links } : {}),
    };
  }
}

export const badRequest = (parameter: string, detail: string) => new ApiError(400, 'Bad Request', detail, parameter);
export const unauthorized = (detail = 'Sign in is required.') => new ApiError(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new ApiError(403, 'Forbidden', detail);
export const notFound = (what: string) => new ApiError(404, 'Not Found', `${what} was not found.`);
export const conflict = (parameter: string, detail: string) => new ApiError(409, 'Conflict', detail, parameter);
