import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The URL's search params, and a change built on the params last asked for rather than the last
 * drawn. React Router applies a navigation a few ticks after it is asked for, so two quick changes
 * (typing a range's start and then its end) built on what was drawn would lose the first.
 */
export function useLatestSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  // A navigation from elsewhere (Back, a link) is the new base once it is drawn.
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const change = useCallback(
    (build: (previous: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = build(new URLSearchParams(latest.current));
      latest.current = next;
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return [searchParams, change] as const;
}
