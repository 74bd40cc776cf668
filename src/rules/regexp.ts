/** `text` as a literal inside a regular expression (every special character escaped). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
