// Shapes shared by every area of the contract: errors, lists, paging, repeated-key lists.
import { Type, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE_LIMIT } from '../../../src/rules/constants.ts';

export const ErrorItem = Type.Object({
  status: Type.Integer(),
  title: Type.String(),
  detail: Type.String(),
  source: Type.Optional(Type.Object({ parameter: Type.Optional(Type.String()) })),
  links: Type.Optional(Type.Object({ about: Type.String() })),
});
export const ErrorResponse = Type.Object({ errors: Type.Array(ErrorItem) });

/** `{ items, totalCount }`, the answer of every list. */
export const List = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), totalCount: Type.Integer({ minimum: 0 }) });

/** limit + offset paging; offset = (page-1) * limit on the client. */
export const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
};

/** A query parameter that may repeat (?k=a&k=b); Fastify's ajv coerces one value to an array. */
export const Repeated = <T extends TSchema>(item: T) => Type.Optional(Type.Array(item, { maxItems: 100 }));

export const Id = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$' });
export const IdParams = Type.Object({ id: Id });

/** The 200 of a route answering stored content (a specification, a document) in its own media type:
 * not serialised by schema, described for the OpenAPI description (server/src/openapi). */
export const StoredContent = { description: 'The content as stored, in its own media type', content: { '*/*': { schema: {} } } };
/** Bytes sent as they are (a Buffer), described as a binary string. */
const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
/** The 200 of an image route: the bytes in the image's own type (PNG, JPEG, SVG…), never JSON. */
export const ImageContent = { description: 'The image bytes, in their own type', content: { 'image/*': { schema: Binary } } };
/** The 200 of a route answering a PDF document (an invoice). */
export const PdfContent = { description: 'The PDF document', content: { 'application/pdf': { schema: Binary } } };
/** A redirect (no body), for the response part of a route schema. */
export const Redirect = (description: string) => ({ type: 'null', description } as const);
/** An answer that is an HTML page (the fake payment provider's checkout). */
export const HtmlPage = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });

/** Error responses every route may give, for the response part of a route schema. */
export const ErrorResponses = {
  400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse,
};
/** The 409 of a route whose object's state can refuse the change (a decided request, an active
 * application, a plan already held); declared so the description lists it (Portman, Prism). */
export const Conflict = { 409: ErrorResponse };
