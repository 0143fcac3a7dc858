/** Main-thread time a piece of large work may take before it lets other requests run (docs/architecture.md#performance: under 20 ms). */
export const SLICE_MS = 8;

/**
 * A check to call between small steps of a large piece of work (a feed's entries, an export's rows):
 * once the current slice has run `sliceMs`, it waits for the event loop's next turn (setImmediate),
 * so the requests queued meanwhile run before the work goes on.
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart <= sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}
