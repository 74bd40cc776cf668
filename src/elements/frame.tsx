// What every element renders around its screen: the shared swr cache, the provider theme as
// CSS custom properties, the button look for src/ui, and a boundary for chunk load failures.
import { Component, Suspense, useContext, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useMarketplace } from '../api/marketplace.ts';
import { swrOptions } from '../api/swr.ts';
import { LocaleContext, useMessages } from '../i18n/intl.ts';
import { ShadowStyle, StyleRootContext } from '../styles/ShadowStyle.tsx';
import { themeCss } from '../styles/theme.ts';
import { themeFromSettings, UiThemeContext } from '../ui/theme.ts';
import { UiLinkContext } from '../ui/link.tsx';
import { UiRouterLink } from '../router/context.tsx';
import { ChunkLoadError } from './chunks.ts';
import { emit } from './events.ts';
import { HostContext } from './host.ts';

function Theme({ children }: { children: ReactNode }) {
  // Every element asks; the shared cache makes it one request per page.
  const { data } = useMarketplace();
  const appearance = data?.settings.appearance;
  return (
    <UiThemeContext.Provider value={themeFromSettings(appearance)}>
      <ShadowStyle css={themeCss(appearance)} />
      {children}
    </UiThemeContext.Provider>
  );
}

function ChunkError({ error }: { error: Error }) {
  const { t } = useMessages();
  return (
    <div role="alert" className="m-4 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm text-gray-800">
      <p className="font-semibold text-danger">{t('common.error.title')}</p>
      <p className="mt-1">{error instanceof ChunkLoadError ? t('common.error.chunk') : error.message}</p>
      <button
        type="button"
        className="mt-3 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
        onClick={() => location.reload()}
      >
        {t('common.reload')}
      </button>
    </div>
  );
}

interface BoundaryState { error: Error | null }

/** Catches what a screen throws while rendering (a failed chunk, a bug) so the page stays usable. */
export class ElementBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  static override contextType = HostContext;
  declare context: HTMLElement | null;
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error): void {
    console.error(error);
    emit(this.context, 'agora-error', { message: error.message });
  }
  override render() {
    return this.state.error ? <ChunkError error={this.state.error} /> : this.props.children;
  }
}

export function ElementFrame({ children }: { children: ReactNode }) {
  // The element's language, for screen readers and hyphenation, whatever the host page's is.
  const locale = useContext(LocaleContext);
  const host = useContext(HostContext);
  return (
    <StyleRootContext.Provider value={host?.shadowRoot ?? null}>
    <SWRConfig value={swrOptions}>
      <UiLinkContext.Provider value={UiRouterLink}>
      <Theme>
        {/* Texts of a non-English locale load before the first paint of any message. */}
        <Suspense fallback={null}>
          <div lang={locale} style={{ display: 'contents' }}>
            <ElementBoundary>{children}</ElementBoundary>
          </div>
        </Suspense>
      </Theme>
      </UiLinkContext.Provider>
    </SWRConfig>
    </StyleRootContext.Provider>
  );
}
