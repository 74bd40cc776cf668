// A category as a tile (categories list, sub-categories, the home page's featured categories):
// its image with the provider's object-fit and object-position hints (or a tinted monogram), title,
// description, the way up (ancestors, when asked) and the number of sub-categories.
import { useState, type CSSProperties } from 'react';
import { imageUrl } from '../../api/catalogue.ts';
import type { Category } from '../../api/categories.ts';
import { useElementConfig } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

const FITS = ['fill', 'contain', 'cover', 'none', 'scale-down'] as const;
/** Keywords, lengths and percentages only: the hint must not carry anything else into a style. */
const POSITION = /^(?:(?:left|right|top|bottom|center|-?\d+(?:\.\d+)?(?:%|px|em|rem)?)\s*){1,4}$/i;

/** The image hints of a category as a style (unknown values fall back to cover, centred). */
export function imageStyle(image: Category['image']): CSSProperties {
  const fit = (FITS as readonly string[]).includes(image?.fit ?? '') ? (image!.fit as CSSProperties['objectFit']) : 'cover';
  const position = image?.position && POSITION.test(image.position.trim()) ? image.position.trim() : 'center';
  return { objectFit: fit, objectPosition: position };
}

function Monogram({ title }: { title: string }) {
  const letters = title.split(/\s+/).filter((w) => /\p{L}/u.test(w)).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
  return (
    <span aria-hidden="true" className="grid h-full w-full place-items-center bg-gradient-to-br from-primary/15 to-tertiary/20 text-3xl font-bold tracking-wide text-primary">
      {letters}
    </span>
  );
}

export function CategoryImage({ category, className }: { category: Category; className?: string }) {
  const { apiBase } = useElementConfig();
  const [failed, setFailed] = useState(false);
  const src = imageUrl(apiBase, category.links?.icon);
  const style = imageStyle(category.image);
  return (
    <div className={cx('relative overflow-hidden bg-gray-100', className)}>
      {src && !failed ? (
        <>
          {/* Behind an image that does not cover the tile (contain, scale-down, none), the same
              image blurred to cover it: the tile shows the banner's colours, never grey bands. */}
          {style.objectFit !== 'cover' && style.objectFit !== 'fill' && (
            <img src={src} alt="" aria-hidden="true" loading="lazy" className="absolute inset-0 block h-full w-full scale-110 object-cover blur-xl" />
          )}
          <img
            src={src}
            alt=""
            loading="lazy"
            onError={() => setFailed(true)}
            style={style}
            className="relative block h-full w-full"
            data-fit={style.objectFit}
          />
        </>
      ) : (
        <Monogram title={category.title ?? ''} />
      )}
    </div>
  );
}

export interface CategoryTileProps {
  category: Category;
  /** Shows the ancestors (search results mix every level). */
  showPath?: boolean;
  /** Featured tiles on the home page are larger. */
  size?: 'md' | 'lg';
}

export function CategoryTile({ category, showPath, size = 'md' }: CategoryTileProps) {
  const { t } = useMessages('tiles');
  const title = category.title || category.id;
  const children = category.childrenCount ?? 0;
  const to = href('category', { categoryId: category.id });
  return (
    <article
      data-category-id={category.id}
      className="group relative flex h-full min-w-0 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
    >
      <CategoryImage category={category} className={size === 'lg' ? 'aspect-[16/9]' : 'aspect-[2/1]'} />
      <div className="flex flex-1 flex-col p-4">
        {showPath && (category.ancestors?.length ?? 0) > 0 && (
          <p className="m-0 mb-1 truncate text-xs text-gray-500" data-category-path="">
            {category.ancestors!.map((a) => a.title).join(' › ')}
          </p>
        )}
        <h3 className="m-0 text-base font-semibold leading-snug text-gray-900">
          {/* The whole tile is the link's target area (the ::after covers it). */}
          <Link to={to} className={cx('rounded text-gray-900 no-underline after:absolute after:inset-0 group-hover:text-primary', FOCUS_RING)}>
            {title}
          </Link>
        </h3>
        {category.description && (
          <p className="m-0 mt-1 text-sm leading-relaxed text-gray-600 [display:-webkit-box] [-webkit-box-orient:vertical] [-webkit-line-clamp:2] overflow-hidden">
            {category.description}
          </p>
        )}
        {children > 0 && (
          <p className="m-0 mt-auto pt-3 text-xs font-medium text-primary" data-children-count={children}>
            {t('tiles.category.children', { count: children })}
          </p>
        )}
      </div>
    </article>
  );
}
