// Icons of the product tile (same 24px grid and stroke as src/ui/icons.tsx): the home page shows
// tiles, so these load with the landing route; the browse and search screens' others are in
// browseIcons.tsx.
import { Svg, type IconProps } from '../../ui/icons.tsx';

export const IconLayers = (p: IconProps) => <Svg {...p}><path d="m12 3 9 5-9 5-9-5 9-5Z" /><path d="m3 13 9 5 9-5" /></Svg>;
export const IconReceipt = (p: IconProps) => <Svg {...p}><path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" /><path d="M9 8h6M9 12h6" /></Svg>;
export const IconBook = (p: IconProps) => <Svg {...p}><path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" /><path d="M4 19a2 2 0 0 1 2-2h13" /></Svg>;
export const IconBox = (p: IconProps) => <Svg {...p}><path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" /><path d="m3 8 9 5 9-5M12 13v8" /></Svg>;
