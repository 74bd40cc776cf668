// Line icons of the shell's own pages (sign-in, register, not built, the marketplace error), each a
// lazy chunk: kept out of icons.tsx, which every portal page loads.
import { Svg, type P } from './icons.tsx';

export const IconConstruction = (p: P) => <Svg {...p}><rect x="2" y="6" width="20" height="8" rx="1" /><path d="m6 6 4 8M12 6l4 8M18 6l3 6M4 14v6M20 14v6" /></Svg>;
export const IconAlert = (p: P) => <Svg {...p}><circle cx="12" cy="12" r="9" /><path d="M12 8v5M12 16h.01" /></Svg>;
export const IconEye = (p: P) => <Svg {...p}><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></Svg>;
export const IconEyeOff = (p: P) => <Svg {...p}><path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.2A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.1 6.1C3.5 7.9 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 4.3-1" /></Svg>;
