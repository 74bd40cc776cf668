// <agora-carousel> for marketing pages (spec 1 §9): featured products — of a category, with a tag,
// or the most recently published — side by side, as many as the window is wide (src/rules/
// carousel.ts: 1 up to 1280 px … 7 above 3954, 3 before measuring). Previous/next buttons, the
// arrow keys (and Home/End) when it has focus, and swipes (pointer events). Built on the WAI-ARIA
// carousel pattern: a region with aria-roledescription "carousel", each slide a labelled group,
// slides out of view hidden from assistive technology and from the tab order.
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { imageUrl } from '../../api/catalogue.ts';
import { useElementConfig } from '../../api/context.ts';
import { carouselFilter, useFeaturedProducts, type Product } from '../../api/home.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { carouselItems, carouselKeyTarget, clampStart, lastStart, swipeTarget, SWIPE_THRESHOLD_PX, TAP_TOLERANCE_PX } from '../../rules/carousel.ts';
import { CAROUSEL_MAX_ITEMS, CAROUSEL_WIDTHS, MAX_PAGE_LIMIT, RECENT_PRODUCTS } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { IconChevronLeft, IconChevronRight } from '../../ui/moreIcons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { useWindowWidth } from './useWindowWidth.ts';
import { ShadowStyle } from '../../styles/ShadowStyle.tsx';

export interface CarouselProps {
  /** Features the products of this category (and its sub-categories). */
  category?: string;
  /** Features the products carrying this tag. Without category and tag: the most recent products. */
  tag?: string;
  /** The carousel's heading (default: "Featured APIs"). */
  heading?: string;
  /** How many products, 1 to 100 (default 10). */
  limit?: number;
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit) || limit < 1) return RECENT_PRODUCTS;
  return Math.min(Math.trunc(limit), MAX_PAGE_LIMIT);
}

export default function Carousel({ category, tag, heading, limit }: CarouselProps) {
  const { t } = useMessages('carousel');
  const count = clampLimit(limit);
  const products = useFeaturedProducts(carouselFilter({ categoryId: category, tag }), count);
  const title = heading?.trim() || t('carousel.title');
  const headingId = useId();

  let body;
  if (products.error) {
    body = errorStatus(products.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('carousel.error')} error={products.error} onRetry={() => void products.mutate()} />;
  } else if (!products.data) body = <LoadingPlaceholder />;
  else if (products.data.items.length === 0) body = <EmptyPlaceholder title={t('carousel.empty')} message={t('carousel.emptyMessage')} />;
  else body = <Slides products={products.data.items} label={title} />;

  return (
    <div className="agora-carousel w-full px-2 py-2" data-screen="carousel">
      <h2 id={headingId} className="m-0 mb-4 text-xl font-semibold tracking-tight text-gray-900">{title}</h2>
      {body}
    </div>
  );
}

function Slides({ products, label }: { products: Product[]; label: string }) {
  const { t } = useMessages('carousel');
  const width = useWindowWidth();
  const inView = carouselItems(width);
  // Unmeasured (rendered on a server, or the first render in the browser): the slides' widths and
  // the dots' room come from media queries giving what the measure will, so nothing moves then.
  const unmeasured = width === null;
  const total = products.length;
  const [wanted, setStart] = useState(0);
  // A wider window shows more at once: never leave empty room after the last slide.
  const start = clampStart(wanted, total, inView);
  const last = lastStart(total, inView);
  const slidesId = useId();
  const swipe = useRef<{ x: number; moved: boolean; id: number } | null>(null);
  const suppressClick = useRef(false);

  const go = (next: number) => setStart(clampStart(next, total, inView));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = carouselKeyTarget(event.key, start, total, inView);
    if (target === null) return;
    event.preventDefault();
    go(target);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { x: event.clientX, moved: false, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const s = swipe.current;
    if (s && s.id === event.pointerId && Math.abs(event.clientX - s.x) >= SWIPE_THRESHOLD_PX) s.moved = true;
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const s = swipe.current;
    swipe.current = null;
    if (!s || s.id !== event.pointerId) return;
    const delta = event.clientX - s.x;
    if (Math.abs(delta) < TAP_TOLERANCE_PX) return;
    // A drag (a swipe, or one too short to move) that ends over a link must not also follow it.
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    go(swipeTarget(delta, start, total, inView));
  };

  const shown = Math.min(inView, total);
  const position = (count: number) => (count === 1
    ? t('carousel.positionOne', { index: start + 1, total })
    : t('carousel.position', { from: start + 1, to: start + count, total }));
  return (
    <section
      aria-roledescription={t('carousel.roledescription')}
      aria-label={label}
      data-carousel=""
      data-in-view={inView}
      data-start={start}
      data-unmeasured={unmeasured ? '' : undefined}
      className="relative"
    >
      {unmeasured && <ShadowStyle css={unmeasuredCss(total)} />}
      <div className="mb-3 flex items-center justify-end gap-2">
        {/* Unmeasured: each width range's text, the window's range's shown (unmeasuredCss), so a
            pre-rendered page says what the measured element then says. */}
        <p className="m-0 mr-auto text-sm text-gray-500" data-carousel-position="">
          {unmeasured
            ? [...new Set(carouselRanges().map(([, , items]) => items))].map((items) => (
              <span key={items} data-position-items={items}>{position(Math.min(items, total))}</span>
            ))
            : position(shown)}
        </p>
        <CarouselButton label={t('carousel.previous')} disabled={start <= 0} onClick={() => go(start - 1)} controls={slidesId} data-carousel-prev="">
          <IconChevronLeft size={18} />
        </CarouselButton>
        <CarouselButton label={t('carousel.next')} disabled={start >= last} onClick={() => go(start + 1)} controls={slidesId} data-carousel-next="">
          <IconChevronRight size={18} />
        </CarouselButton>
      </div>
      {/* The viewport takes focus so the arrow keys move the slides (announced politely). */}
      <div
        tabIndex={0}
        role="group"
        aria-label={t('carousel.viewport', { label })}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          event.preventDefault();
          event.stopPropagation();
        }}
        onDragStart={(event) => event.preventDefault()}
        className={cx('-m-2 touch-pan-y select-none overflow-hidden rounded-xl py-2', FOCUS_RING)}
        data-carousel-viewport=""
      >
        <ul
          id={slidesId}
          aria-live="polite"
          className="m-0 flex list-none p-0 transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${(start * 100) / inView}%)` }}
        >
          {products.map((product, index) => {
            const visible = index >= start && index < start + inView;
            return (
              <li
                key={product.id}
                role="group"
                aria-roledescription={t('carousel.slide')}
                aria-label={t('carousel.slideLabel', { index: index + 1, total })}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
                data-slide={product.id}
                data-visible={visible ? 'true' : 'false'}
                className="box-border flex shrink-0 px-2"
                style={unmeasured ? undefined : { width: `${100 / inView}%` }}
              >
                <Slide product={product} />
              </li>
            );
          })}
        </ul>
      </div>
      {unmeasured && <div className="mt-4 h-2" data-dots-space="" aria-hidden="true" />}
      {!unmeasured && last > 0 && last < MAX_DOTS && (
        <div className="mt-4 flex justify-center gap-1.5" data-carousel-dots="">
          {Array.from({ length: last + 1 }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('carousel.goTo', { index: i + 1 })}
              aria-current={i === start ? 'true' : undefined}
              aria-controls={slidesId}
              onClick={() => go(i)}
              className={cx('h-2 rounded-full transition-all', i === start ? 'w-6 bg-primary' : 'w-2 bg-gray-300 hover:bg-gray-400', FOCUS_RING)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** More start positions than this and the dots would only be noise. */
const MAX_DOTS = 20;

/** carouselItems' table as [min width, max width (null: no bound), items]. */
function carouselRanges(): Array<[number, number | null, number]> {
  const ranges: Array<[number, number | null, number]> = [];
  let from = 0;
  for (const [max, items] of CAROUSEL_WIDTHS) {
    ranges.push([from, max, items]);
    from = max + 1;
  }
  ranges.push([from, null, CAROUSEL_MAX_ITEMS]);
  return ranges;
}

/** Per window width range: the slides' width, whether dots show, and which position text. */
function unmeasuredCss(total: number): string {
  return '[data-unmeasured] [data-position-items]{display:none}' + carouselRanges().map(([min, max, items]) => {
    const last = Math.max(0, total - items);
    const query = `(min-width:${min}px)${max === null ? '' : ` and (max-width:${max}px)`}`;
    return `@media ${query}{[data-unmeasured] [data-slide]{width:${100 / items}%}[data-unmeasured] [data-dots-space]{display:${last > 0 && last < MAX_DOTS ? 'block' : 'none'}}`
      + `[data-unmeasured] [data-position-items="${items}"]{display:inline}}`;
  }).join('');
}

function CarouselButton({ label, disabled, onClick, controls, children, ...data }: {
  label: string; disabled: boolean; onClick: () => void; controls: string; children: ReactNode; [data: `data-${string}`]: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
      className={cx(
        'grid h-9 w-9 place-items-center rounded-full border border-gray-300 bg-white text-gray-700 shadow-sm transition hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-gray-300 disabled:hover:text-gray-700',
        FOCUS_RING,
      )}
      {...data}
    >
      {children}
    </button>
  );
}

function Slide({ product }: { product: Product }) {
  const { t } = useMessages('carousel');
  const { apiBase } = useElementConfig();
  const [failed, setFailed] = useState(false);
  const title = product.title ?? product.name ?? product.id;
  const icon = imageUrl(apiBase, product.links?.icon);
  const to = href('product.overview', { productId: product.id });
  const initials = title.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
  return (
    <article className="group relative flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:border-primary/40 hover:shadow-md sm:min-h-[13rem] sm:flex-row">
      <div className="relative flex shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br from-primary/15 via-primary/5 to-tertiary/20 p-8 sm:w-64">
        <span aria-hidden="true" className="absolute -right-10 -top-10 h-36 w-36 rounded-full bg-white/40" />
        {icon && !failed ? (
          <img src={icon} alt="" draggable={false} onError={() => setFailed(true)} className="relative h-24 w-24 rounded-2xl bg-white object-contain p-3 shadow-md" />
        ) : (
          <span aria-hidden="true" className="relative grid h-24 w-24 place-items-center rounded-2xl bg-white text-3xl font-bold text-primary shadow-md">{initials}</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-6 sm:p-7">
        {product.latestVersion && (
          <p className="m-0 text-xs font-semibold uppercase tracking-wider text-primary">{t('carousel.version', { version: product.latestVersion.label })}</p>
        )}
        <h3 className="m-0 mt-1 text-xl font-semibold leading-snug text-gray-900">
          <Link to={to} draggable={false} className={cx('rounded text-gray-900 no-underline after:absolute after:inset-0 group-hover:text-primary', FOCUS_RING)}>
            {title}
          </Link>
        </h3>
        <p className="m-0 mt-2 max-w-2xl overflow-hidden text-sm leading-relaxed text-gray-600 [display:-webkit-box] [-webkit-box-orient:vertical] [-webkit-line-clamp:3] sm:text-base">
          {product.description || t('carousel.noDescription')}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-5">
          {(product.categories?.length ?? 0) > 0 && (
            <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
              {product.categories!.slice(0, 3).map((c) => (
                <li key={c.id} className="rounded-full bg-container px-2.5 py-0.5 text-xs font-medium text-gray-600">{c.title}</li>
              ))}
            </ul>
          )}
          <span aria-hidden="true" className="ml-auto text-sm font-semibold text-primary">{t('carousel.explore')} →</span>
        </div>
      </div>
    </article>
  );
}
