// Ratings tab (shown only when ratings are on): the reviews screen (list, write button and review
// panel, src/screens/reviews/); the ratings summary is the right pane's, not repeated here. In the
// portal the review panel is the tab's sub-route
// (…/ratings/review, read-only with ?readOnly=true); alone on a page the element keeps it itself.
import { useRoute, useNavigator } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { ProductReviews, type ReviewPanelMode } from '../reviews/Reviews.tsx';
import { productHref, useProductPage } from './context.ts';

export function RatingsTab() {
  const { product, versionId } = useProductPage();
  const navigator = useNavigator();
  const { match, query } = useRoute();
  if (!navigator.inPortal || !match) return <ProductReviews productId={product.id} summary={false} />;
  const review = match.name === 'product.review' ? (query.get('readOnly') === 'true' ? 'view' : 'edit') : undefined;
  const params: Record<string, string> = versionId ? { productId: product.id, versionId } : { productId: product.id };
  const go = (mode: ReviewPanelMode | null) => navigator.navigate(
    mode ? href('product.review', params, mode === 'view' ? { readOnly: 'true' } : undefined) : productHref.tab(product.id, versionId, 'ratings'),
  );
  return <ProductReviews productId={product.id} review={review} onReviewChange={go} summary={false} />;
}
