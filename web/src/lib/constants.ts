/** UI constants of the spec (docs/features.md, core §9). */
export const BREAKPOINTS = {
  xs: 0,
  sm: 768,
  md: 1024,
  lg: 1280,
  xl: 1440,
  xxl: 1600,
  xxxl: 1920,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

export const HEADER_HEIGHT_PX = 73;
export const LOGIN_FORM_WIDTH_PX = 500;
export const SIDE_NAVIGATION_WIDTH_PX = 240;
export const SIDE_NAVIGATION_COLLAPSED_WIDTH_PX = 56;
export const TOAST_AUTO_HIDE_MS = 7000;
/** The scroll-to-top button appears once the page is scrolled more than this (core §9: above 400 px). */
export const SCROLL_TO_TOP_AFTER_PX = 400;
