// Line icons of the shell's top bar (navigation, menu, sign-in, language), on every portal page.
// Decorative: labels carry the meaning. Icons of what only signed-in users see are in
// sideIcons.tsx, those of the shell's own pages in pageIcons.tsx: the landing route loads neither.
import { Svg as GridSvg, type IconProps } from '../../ui/icons.tsx';

export type P = IconProps;

/** The shared UI's icon grid (ui/icons.tsx), a little larger and finer for the top bar. */
export const Svg = ({ size = 18, ...rest }: P) => <GridSvg size={size} strokeWidth={1.8} {...rest} />;

export const IconGlobe = (p: P) => <Svg {...p}><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" /></Svg>;
export const IconMenu = (p: P) => <Svg {...p}><path d="M4 6h16M4 12h16M4 18h16" /></Svg>;
export const IconLogin = (p: P) => <Svg {...p}><path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" /><path d="M10 17l5-5-5-5M15 12H4" /></Svg>;
export const IconChevron = (p: P) => <Svg {...p}><path d="m6 9 6 6 6-6" /></Svg>;
export const IconExternal = (p: P) => <Svg {...p}><path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" /></Svg>;
