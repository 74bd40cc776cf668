// The provider's button look (spec 1 §1, spec 3 configuration defaults: solid, rounded).
// The shell provides it from site settings; every Button reads it.
import { createContext, useContext } from 'react';

export type ButtonFormat = 'solid' | 'outline';
export type ButtonRadius = 'pill' | 'rounded' | 'square';

export interface UiTheme {
  buttonFormat: ButtonFormat;
  buttonRadius: ButtonRadius;
}

export const DEFAULT_UI_THEME: UiTheme = { buttonFormat: 'solid', buttonRadius: 'rounded' };

export const UiThemeContext = createContext<UiTheme>(DEFAULT_UI_THEME);

export function useUiTheme(): UiTheme {
  return useContext(UiThemeContext);
}

/** Settings use 'solid' or anything else for outline (spec: "solid or other"). */
export function themeFromSettings(appearance?: { button_format?: string; button_radius?: string }): UiTheme {
  const radius = appearance?.button_radius;
  return {
    buttonFormat: appearance?.button_format && appearance.button_format !== 'solid' ? 'outline' : 'solid',
    buttonRadius: radius === 'pill' || radius === 'square' ? radius : 'rounded',
  };
}
