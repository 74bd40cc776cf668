// Base styles of every element's host box. The page's inherited styles (font, colour, spacing…)
// must not reach inside, even when the page sets them with !important on a universal selector:
// inside the shadow tree an !important declaration on :host beats the page's !important one.
// Sizing and positioning (width, height, display) stay with the page.
//
// A one-column grid of minmax(0, 1fr) rather than a block: a good flex or grid child in a CMS
// column. Its min-content size is 0 (a grid sized under a min-content constraint gives a flexible
// track its minimum), so a `flex: 1` column or a `1fr` grid track never grows to fit a wide
// carousel track or code block (issue 27: a carousel widened its column to 2154 px); its
// max-content size is the content's, so in a shrink-to-fit place (a flex row item without
// flex-grow, an inline-block) the element still takes the width its content wants.
import { FONT_STACK } from './units.ts';

export const HOST_CSS = `:host{
display:grid;grid-template-columns:minmax(0,1fr);
box-sizing:border-box!important;margin:0!important;padding:0!important;border:0 none!important;
font-family:var(--agora-font-family,${FONT_STACK})!important;font-size:16px!important;font-weight:400!important;
font-style:normal!important;font-variant:normal!important;font-stretch:normal!important;font-feature-settings:normal!important;
line-height:1.5!important;color:#111827!important;letter-spacing:normal!important;word-spacing:normal!important;
text-align:start!important;text-indent:0!important;text-transform:none!important;text-shadow:none!important;
text-decoration:none!important;white-space:normal!important;word-break:normal!important;overflow-wrap:normal!important;
hyphens:manual!important;font-kerning:auto!important;text-rendering:auto!important;
-webkit-font-smoothing:antialiased!important;-webkit-text-size-adjust:100%!important;tab-size:4!important;
cursor:auto!important;visibility:visible!important;list-style:disc outside none!important;
border-collapse:separate!important;border-spacing:0!important;caption-side:top!important;empty-cells:show!important;
quotes:auto!important;color-scheme:light!important;direction:ltr;
}
:host([hidden]){display:none!important}
`;
