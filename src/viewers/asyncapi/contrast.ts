// The AsyncAPI component's utility colours that fail WCAG AA text contrast (its gray-500 is
// 2.3:1, teal-500 2.6:1, orange-500 2.6:1, the operation badges' green/blue/yellow 2.4-3.3:1
// under white text), each replaced by a darker shade of the same hue: at least 4.5:1 on white
// and on the component's light grey panels. Scoped to .aui-root inside the viewer's shadow root.
const SHADES: Record<string, string> = {
  'gray-500': '#5f6b7a', 'gray-600': '#4a5568',
  'blue-400': '#2b6cb0', 'blue-500': '#2b6cb0', 'blue-600': '#2b6cb0',
  'yellow-600': '#8a5a00',
  'orange-500': '#9c4221', 'orange-600': '#9c4221', 'orange-700': '#9c4221',
  'teal-500': '#0b7a72', 'green-600': '#167a53', 'indigo-400': '#4c51bf',
  'purple-500': '#6d28d9', 'red-600': '#c42b2b',
};

export const ASYNCAPI_CONTRAST_CSS = Object.entries(SHADES)
  .map(([name, color]) => `.aui-root .text-${name}{color:${color}}.aui-root .bg-${name}{background-color:${color}}`)
  .join('\n');
