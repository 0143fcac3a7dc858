export type { CancellationNotifier } from './service.js';
