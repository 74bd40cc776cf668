// Shows the screen of a route: its lazy chunk, with the route's typed props. Moving between
// routes of one screen (product tabs) keeps it mounted; another screen starts fresh.
import { Suspense, use, type ReactNode } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import type { RouteMatch } from '../../rules/routes.ts';
import { loadScreen, screenKey, type ScreenEntry } from '../../router/screens.ts';
import { Spinner } from './Spinner.tsx';
import { ElementBoundary } from '../../elements/frame.tsx';
import { CatalogueGate } from '../../elements/CatalogueGate.tsx';

export function RouteView({ entry, match }: { entry: ScreenEntry; match: RouteMatch }) {
  const { t } = useMessages();
  const key = screenKey(entry);
  const screen = <Screen entry={entry} match={match} />;
  return (
    <ElementBoundary key={key}>
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <Sections names={entry.sections}>
          {entry.catalogue ? <CatalogueGate>{screen}</CatalogueGate> : screen}
        </Sections>
      </Suspense>
    </ElementBoundary>
  );
}

/** Waits for the screen's message sections, so it renders with all its texts at once. */
function Sections({ names, children }: { names: string[]; children: ReactNode }) {
  useMessages(...names);
  return children;
}

/** The screen itself; suspends only while its chunk is still on its way. */
function Screen({ entry, match }: { entry: ScreenEntry; match: RouteMatch }) {
  const { default: Component } = use(loadScreen(entry));
  return <Component {...entry.props(match)} />;
}
