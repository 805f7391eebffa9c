/** Small inline icons for the controls (system fonts lack these glyphs on many Linux machines). */
const ICONS = {
  undo: (
    <path
      d="M5.5 3 2 6.5 5.5 10M2.5 6.5H10a4 4 0 0 1 0 8H7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  redo: (
    <path
      d="M10.5 3 14 6.5 10.5 10M13.5 6.5H6a4 4 0 0 0 0 8h3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  reset: (
    <>
      <path d="M3 8a5 5 0 1 0 1.6-3.7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M4.2 1.6v3.2h3.2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  dice: (
    <>
      <rect x="2" y="2" width="12" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="5.5" cy="5.5" r="1.1" fill="currentColor" />
      <circle cx="8" cy="8" r="1.1" fill="currentColor" />
      <circle cx="10.5" cy="10.5" r="1.1" fill="currentColor" />
    </>
  ),
  branch: (
    <>
      <circle cx="4" cy="3.5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="4" cy="12.5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="12" cy="5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M4 5.1v5.8M12 6.6c0 3-3 3-6.8 5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
  send: <path d="M4 3v10l8-5z" fill="currentColor" />,
} as const;

export type CtlIconName = keyof typeof ICONS;

export function CtlIcon({ name }: { name: CtlIconName }) {
  return (
    <svg className="ctl-icon" width="13" height="13" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}
