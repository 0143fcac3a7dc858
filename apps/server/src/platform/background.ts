import type { FastifyBaseLogger } from 'fastify';

/**
 * Work started after the answer went out (a password reset's lookup and message, so the answer
 * takes as long whether the account exists or not). A failure is logged, never thrown; shutdown
 * and tests wait for `idle()`.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once nothing started is still running. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
