/**
 * Plain text from the engine with `backticked` spans shown as code, as the messages are written
 * (lint findings, diagnostics, notices). Line breaks are kept by the caller's `white-space: pre-wrap`.
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/(`[^`\n]+`)/);
  return (
    <>
      {parts.map((part, i) =>
        part.length > 2 && part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part,
      )}
    </>
  );
}
