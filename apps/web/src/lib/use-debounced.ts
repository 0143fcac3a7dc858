import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stayed the same (as JSON) for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}
