// Internal links of the shared UI (breadcrumbs, link tabs) go through one component that the portal's
// router replaces, so a click navigates in-app (history or hash mode) instead of reloading.
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

export interface UiLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

function PlainLink({ ref, ...props }: UiLinkProps) {
  return <a ref={ref} {...props} />;
}

export const UiLinkContext = createContext<ComponentType<UiLinkProps>>(PlainLink);

export function useUiLink(): ComponentType<UiLinkProps> {
  return useContext(UiLinkContext);
}
