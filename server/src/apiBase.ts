/** Where the marketplace API is served (the `/api/v1` contract): app.ts registers the routes under
 * it; the links the server writes into answers (credentials, the assistant's samples) start with it. */
export const API_BASE = '/api/v1';
