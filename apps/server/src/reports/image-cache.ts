import { createHash } from 'node:crypto';

/**
 * Rendered report images, keyed by everything the image shows: a hash of the report's data (the
 * form and its version's fields, the occurrence, the submissions' answers, the names) and how tall
 * it may grow. The same data is the same image, so a day's sends and the Event Occurrences screen
 * render each report once, and any change to what the report shows (a submission edited, a new
 * form version, a renamed guest) is a new key: nothing is ever served stale, and nothing needs
 * invalidating. The least recently used images go first past `maxBytes`.
 */
export class ImageCache {
  private readonly images = new Map<string, Buffer>();
  /** Renders in progress per key: a second request for the same image waits for the first. */
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  /** How many images were rendered (tests and the benchmark read it). */
  renders = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The image for `key`, rendered by `render` unless kept. */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.images.get(key);
    if (kept) {
      this.images.delete(key);
      this.images.set(key, kept);
      return kept;
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const rendered = render().then((image) => {
      this.renders += 1;
      this.store(key, image);
      return image;
    });
    this.rendering.set(key, rendered);
    try {
      return await rendered;
    } finally {
      this.rendering.delete(key);
    }
  }

  private store(key: string, image: Buffer): void {
    if (image.length > this.maxBytes) return;
    this.images.set(key, image);
    this.bytes += image.length;
    for (const [oldest, old] of this.images) {
      if (this.bytes <= this.maxBytes) break;
      this.images.delete(oldest);
      this.bytes -= old.length;
    }
  }
}

/** The process's report images (occurrence and monthly reports, for the API and the outbox alike). */
export const reportImages = new ImageCache();

/** A key naming `data` exactly: a hash of its JSON (maps as their entries, dates as ISO text). */
export function reportKey(kind: string, data: unknown, maxHeight: number | undefined): string {
  const json = JSON.stringify(data, (_key, value: unknown) => (value instanceof Map ? [...value] : value));
  return createHash('sha256')
    .update(`${kind}\n${maxHeight ?? ''}\n${json}`)
    .digest('base64url');
}
