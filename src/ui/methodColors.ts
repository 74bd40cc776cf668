// HTTP method colours, one set for every place a method badge shows (our explorer, Swagger UI's
// view, search results): Swagger UI's hues, darkened so white 12 px bold text on them keeps the
// 4.5:1 contrast of WCAG AA (Swagger UI's own greens and oranges are near 3:1).
export const METHOD_COLORS: Readonly<Record<string, string>> = {
  get: '#1a6fd6', post: '#167a53', put: '#a65a00', delete: '#c42b2b', patch: '#0b7a72', head: '#6d28d9', options: '#0d5aa7', trace: '#4b5563',
};

/** A method without a colour of its own (e.g. QUERY, or an AsyncAPI verb). */
export const METHOD_FALLBACK_COLOR = '#4b5563';
