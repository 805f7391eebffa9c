import { useCallback, useState } from 'react';

/** A boolean kept in localStorage, so the panel looks the same after a reload. */
export function useStoredFlag(key: string, initial: boolean): [boolean, (v: boolean) => void] {
  const [value, setValue] = useState<boolean>(() => {
    try {
      const stored = localStorage.getItem(`flowscope.inspector.${key}`);
      return stored === null ? initial : stored === 'true';
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (v: boolean) => {
      setValue(v);
      try {
        localStorage.setItem(`flowscope.inspector.${key}`, String(v));
      } catch {
        // storage unavailable: keep it for this page only
      }
    },
    [key],
  );
  return [value, set];
}
