import { useState } from 'react';

/**
 * Local state that follows an outside value (the URL) yet answers input at once: a list control
 * reflects a click immediately, before the navigation that stores it in the URL completes.
 */
export function useSyncedState<T>(value: T): [T, (next: T) => void] {
  const [local, setLocal] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    setLocal(value);
  }
  return [local, setLocal];
}
