/** Small inline icons: system fonts lack the media-control glyphs on many Linux machines. */
const PATHS = {
  first: 'M4 3h2v10H4zM13 3v10L7 8z',
  prev: 'M12 3v10L5 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  next: 'M4 3v10l7-5z',
  last: 'M10 3h2v10h-2zM3 3v10l6-5z',
  theme: 'M8 2a6 6 0 1 0 0 12V2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      <path d={PATHS[name]} fill="currentColor" />
      {name === 'theme' && <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.5" />}
    </svg>
  );
}
