// Icons of the product page that the shared set lacks: contact channels (Slack and Microsoft
// Teams get their own, spec 1 §3), documents and history.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const IconMail = (p: IconProps) => <Svg {...p}><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></Svg>;
export const IconPhone = (p: IconProps) => (
  <Svg {...p}><path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" /></Svg>
);
export const IconClock = (p: IconProps) => <Svg {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></Svg>;
export const IconLink = (p: IconProps) => <Svg {...p}><path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" /><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" /></Svg>;
export const IconArrowLeft = (p: IconProps) => <Svg {...p}><path d="M19 12H5M12 19l-7-7 7-7" /></Svg>;
export const IconDocument = (p: IconProps) => <Svg {...p}><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" /><path d="M14 3v5h5M9 13h6M9 17h6" /></Svg>;
export const IconHistory = (p: IconProps) => <Svg {...p}><path d="M3 12a9 9 0 1 0 3-6.7L3 8" /><path d="M3 3v5h5M12 7v5l4 2" /></Svg>;
export const IconLayers = (p: IconProps) => <Svg {...p}><path d="m12 2 10 5-10 5L2 7Z" /><path d="m2 17 10 5 10-5M2 12l10 5 10-5" /></Svg>;

/** Slack's four-colour hash, drawn in the current colour. */
export const IconSlack = ({ size = 16, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...rest}>
    <g fill="currentColor">
      <rect x="9" y="2" width="3.2" height="9" rx="1.6" />
      <rect x="11.8" y="13" width="3.2" height="9" rx="1.6" />
      <rect x="2" y="11.8" width="9" height="3.2" rx="1.6" />
      <rect x="13" y="9" width="9" height="3.2" rx="1.6" />
      <circle cx="6.4" cy="10.4" r="1.6" />
      <circle cx="17.6" cy="13.6" r="1.6" />
      <circle cx="13.6" cy="6.4" r="1.6" />
      <circle cx="10.4" cy="17.6" r="1.6" />
    </g>
  </svg>
);

/** Microsoft Teams: the T tile with a person. */
export const IconTeams = ({ size = 16, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...rest}>
    <g fill="currentColor">
      <circle cx="17.5" cy="5.5" r="2.5" />
      <path d="M14.5 9.5h6A1.5 1.5 0 0 1 22 11v5a3.5 3.5 0 0 1-6.4 2" opacity=".7" />
      <rect x="2" y="5" width="13" height="13" rx="2" />
    </g>
    <path d="M5.5 8.5h6M8.5 8.5v7" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
