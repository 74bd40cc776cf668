// Documents: one document (stand-alone or of a product version), its content as text or bytes,
// and an article of the documentation viewer. A version's document list is in products.ts.
import type { Document } from '../../server/src/schemas/catalogue.ts';
import type { Api } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Document };

export interface Article {
  id: string;
  label: string;
  /** 'markdown' (content is markdown) or 'url' (content is the address). */
  kind: string;
  content: string;
  articleIndex: number;
  document: { id: string; title: string };
  section: { id: string; title: string; sectionIndex: number };
}

const doc = (id: string) => `/documents/${encodeURIComponent(id)}`;

export const fetchDocument = (api: Api, id: string) => api.get<Document>(doc(id));
export const fetchDocumentText = (api: Api, id: string) => api.text(`${doc(id)}/data`);
/** The bytes with the content type the server gave them (a pdf stays application/pdf). */
export const fetchDocumentBlob = (api: Api, id: string) => api.blob(`${doc(id)}/data`);

export const fetchArticle = (api: Api, productId: string, versionId: string, articleId: string) =>
  api.get<Article>(`/products/${encodeURIComponent(productId)}/versions/${encodeURIComponent(versionId)}/articles/${encodeURIComponent(articleId)}`);

// ---------------------------------------------------------------- hooks

export function useDocument(id: string | null) {
  return useApiQuery(id ? keys.document(id) : null, (api) => fetchDocument(api, id!));
}

export function useDocumentText(id: string | null) {
  return useApiQuery(id ? keys.documentText(id) : null, (api) => fetchDocumentText(api, id!), { revalidateIfStale: false });
}

export function useDocumentBlob(id: string | null) {
  return useApiQuery(id ? keys.documentBlob(id) : null, (api) => fetchDocumentBlob(api, id!), { revalidateIfStale: false });
}

export function useArticle(productId: string, versionId: string | null, articleId: string | null) {
  return useApiQuery(
    versionId && articleId ? keys.article(productId, versionId, articleId) : null,
    (api) => fetchArticle(api, productId, versionId!, articleId!),
  );
}
