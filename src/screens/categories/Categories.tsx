// Categories (/categories, /categories/{id} and <agora-categories>, spec 1 §2): the list, 20 per
// page, top level first (a search looks at every level), and a category's page with its
// sub-categories and products. The search text and page live in the URL's query. Alone on a page
// the element moves between the list and categories itself.
import { useCallback, useMemo } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { href, type RouteMatch } from '../../rules/routes.ts';
import { useNavigator } from '../../router/context.tsx';
import { InElementRouter } from '../docs/InElementRouter.tsx';
import { CategoryDetails } from './CategoryDetails.tsx';
import { CategoryList } from './CategoryList.tsx';

export interface CategoriesProps {
  /** Shows this category's page instead of the list. */
  categoryId?: string;
  /** The search text to start with (the list searches categories, a category page its products). */
  search?: string;
}

const handles = (m: RouteMatch) => m.name === 'categories' || m.name === 'category';

export default function Categories({ categoryId, search }: CategoriesProps) {
  useMessages('categories', 'browse');
  const navigator = useNavigator();
  const id = categoryId?.trim() || undefined;
  const text = search?.trim() || undefined;
  const initial = useMemo(
    () => (id ? href('category', { categoryId: id }, { search: text }) : href('categories', {}, { search: text })),
    [id, text],
  );
  const view = useCallback((match: RouteMatch | null) => {
    const shown = match?.name === 'category' ? match.params.categoryId : undefined;
    return shown ? <CategoryDetails key={shown} categoryId={shown} /> : <CategoryList />;
  }, []);
  if (navigator.inPortal) return id ? <CategoryDetails key={id} categoryId={id} /> : <CategoryList />;
  return <InElementRouter initial={initial} handles={handles}>{view}</InElementRouter>;
}
