/**
 * Icons of the plain shell and toasts as inline SVG (16 × 16, 2 px strokes in the current colour,
 * like Cloudscape's set), so they do not load Cloudscape's Icon and its whole icon set
 * (docs/performance.md).
 * Decorative unless given a `label` (then an image with that name, as Cloudscape's Icon with an
 * ariaLabel); a control that shows a decorative one has a text or an aria-label of its own.
 */
const PATHS = {
  'grid-view': 'M2 2h5v5H2zM9 2h5v5H9zM2 9h5v5H2zM9 9h5v5H9z',
  folder: 'M1.5 3.5h5l1.5 2h6.5v7.5h-13z',
  file: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3',
  group:
    'M5.5 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM1 14.5c0-2.5 2-4.5 4.5-4.5s4.5 2 4.5 4.5M11 2.7a2.5 2.5 0 0 1 0 4.6M12 10.2c1.8.6 3 2.3 3 4.3',
  support: 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM6 6a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9V10M8 12v.5',
  'user-profile': 'M8 8a3.25 3.25 0 1 0 0-6.5A3.25 3.25 0 0 0 8 8zM2 15c0-3 2.7-5 6-5s6 2 6 5',
  'caret-down': 'M4 6l4 4 4-4z',
  external: 'M9 1.5h5.5V7M14.5 1.5 7 9M12 10v4.5H1.5V4H6',
  menu: 'M1 3h14M1 8h14M1 13h14',
  ellipsis: 'M8 2.5v.5M8 7.75v.5M8 13v.5',
  close: 'M3 3l10 10M13 3 3 13',
  'angle-left': 'M10.5 2.5 5 8l5.5 5.5',
  'angle-up': 'M2.5 10.5 8 5l5.5 5.5',
  'angle-right': 'M5.5 2.5 11 8l-5.5 5.5',
  'status-positive': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM5 8.5l2 2 4-4.5',
  'status-negative': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM5.5 5.5l5 5M10.5 5.5l-5 5',
  'status-warning': 'M8 1.5 15 14.5H1zM8 6v4M8 12v.5',
  'status-info': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM8 7v4.5M8 4.5V5',
  'status-in-progress': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM5 8h.01M8 8h.01M11 8h.01',
  'status-pending': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM8 4.5V8l2.5 1.5',
  'status-stopped': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14zM5 8h6',
  'add-plus': 'M8 2v12M2 8h12',
  edit: 'M10.5 2.5l3 3L6 13H3v-3z',
  security: 'M8 1.5 2.5 3.5v4c0 3.5 2.5 6 5.5 7 3-1 5.5-3.5 5.5-7v-4z',
  copy: 'M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3',
  notification: 'M8 1.5a4 4 0 0 0-4 4v4l-1.5 2h11L12 9.5v-4a4 4 0 0 0-4-4zM6.5 13.5a1.5 1.5 0 0 0 3 0',
  'audio-half': 'M1.5 5.5h3l4-3.5v12l-4-3.5h-3zM11 6a3 3 0 0 1 0 4',
  'audio-off': 'M1.5 5.5h3l4-3.5v12l-4-3.5h-3zM11 6l4 4M15 6l-4 4',
  'lock-private': 'M3.5 7.5h9v7h-9zM5.5 7.5v-2a2.5 2.5 0 0 1 5 0v2',
  unlocked: 'M3.5 7.5h9v7h-9zM5.5 7.5v-2a2.5 2.5 0 0 1 5 0',
  ticket: 'M1.5 3.5h13v3a1.5 1.5 0 0 0 0 3v3h-13v-3a1.5 1.5 0 0 0 0-3z',
  envelope: 'M1.5 3.5h13v9h-13zM1.5 3.5 8 9l6.5-5.5',
} as const;

export type PlainIconName = keyof typeof PATHS;

export function PlainIcon({
  name,
  className,
  label,
}: {
  name: PlainIconName;
  className?: string;
  label?: string;
}) {
  const filled = name === 'caret-down';
  return (
    <svg
      className={className}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
