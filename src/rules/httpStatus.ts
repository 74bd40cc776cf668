// HTTP status names (spec 3 §2.5: the traffic list shows codes with their names), the reason
// phrases of RFC 9110 and the registrations in common use; the common ones are translated in the
// screens (TRANSLATED_STATUSES), the others keep their English phrase.
const NAMES: Record<number, string> = {
  100: 'Continue', 101: 'Switching Protocols', 200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information',
  204: 'No Content', 205: 'Reset Content', 206: 'Partial Content', 300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found',
  303: 'See Other', 304: 'Not Modified', 307: 'Temporary Redirect', 308: 'Permanent Redirect', 400: 'Bad Request', 401: 'Unauthorized',
  402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
  407: 'Proxy Authentication Required', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone', 411: 'Length Required',
  412: 'Precondition Failed', 413: 'Content Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable',
  417: 'Expectation Failed', 418: "I'm a teapot", 421: 'Misdirected Request', 422: 'Unprocessable Content', 423: 'Locked', 424: 'Failed Dependency',
  425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 507: 'Insufficient Storage', 508: 'Loop Detected', 511: 'Network Authentication Required',
};

/** The codes whose names the screens translate (messages `insights.http.<code>`): those an API
 * answers every day; rarer ones keep their registered English reason phrase. */
export const TRANSLATED_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204, 301, 302, 304, 307, 308, 400, 401, 402, 403, 404, 405, 406, 408, 409, 410, 413, 415, 422, 429, 500, 501, 502, 503, 504]);

/** "404 Not Found" ("404 Introuvable" with `translated` giving the locale's name of a code of
 * TRANSLATED_STATUSES); a code without a registered name shows alone. */
export function statusWithName(status: number | null | undefined, translated?: (status: number) => string): string {
  if (status === null || status === undefined) return '—';
  const name = translated && TRANSLATED_STATUSES.has(status) ? translated(status) : NAMES[status];
  return name ? `${status} ${name}` : String(status);
}
