import { isSubmittedPath } from './formModel';
import type { StepData } from './formio';

/**
 * Step autosave (docs/applications.md: unsaved step data is saved when leaving a form step, except when
 * moving to /application-submitted). Changes are kept in memory and in sessionStorage until the
 * server has them, so a failed save, a reload or a closed tab loses no keystroke; typing is saved
 * after a pause (debounce), and leaving the step saves at once.
 */

export type SaveStatus = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

export interface AutosaveOptions {
  applicationId: string;
  save: (stepId: string, data: StepData) => Promise<unknown>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  debounceMs?: number;
  onStatus?: (stepId: string, status: SaveStatus) => void;
  onError?: (stepId: string, error: unknown) => void;
  onSaved?: (stepId: string, result: unknown) => void;
}

export const AUTOSAVE_DEBOUNCE_MS = 2000;

export const pendingKey = (applicationId: string, stepId: string) =>
  `application-form:${applicationId}:${stepId}`;

export class StepAutosave {
  private readonly pending = new Map<string, StepData>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private suppressed = false;

  constructor(private readonly options: AutosaveOptions) {}

  private get storage() {
    return this.options.storage;
  }

  /** Unsaved data of a step (memory first, then sessionStorage from an earlier visit), if any. */
  unsaved(stepId: string): StepData | undefined {
    const inMemory = this.pending.get(stepId);
    if (inMemory) return inMemory;
    try {
      const stored = this.storage?.getItem(pendingKey(this.options.applicationId, stepId));
      if (!stored) return undefined;
      const parsed: unknown = JSON.parse(stored);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as StepData)
        : undefined;
    } catch {
      return undefined;
    }
  }

  hasUnsaved(stepId?: string): boolean {
    return stepId === undefined ? this.pending.size > 0 : this.pending.has(stepId);
  }

  /** A change typed on a step: kept at once, saved after the debounce. */
  change(stepId: string, data: StepData): void {
    this.suppressed = false;
    this.pending.set(stepId, data);
    try {
      this.storage?.setItem(pendingKey(this.options.applicationId, stepId), JSON.stringify(data));
    } catch {
      // Storage full or blocked: the data stays in memory.
    }
    this.options.onStatus?.(stepId, 'unsaved');
    this.schedule(stepId);
  }

  private schedule(stepId: string) {
    const existing = this.timers.get(stepId);
    if (existing) clearTimeout(existing);
    const delay = this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
    this.timers.set(
      stepId,
      setTimeout(() => {
        this.timers.delete(stepId);
        void this.flush(stepId);
      }, delay),
    );
  }

  /** Saves the step's unsaved data now (all steps when none is named). */
  async flush(stepId?: string): Promise<void> {
    if (this.suppressed) return;
    const ids = stepId === undefined ? [...this.pending.keys()] : [stepId];
    await Promise.all(ids.map((id) => this.saveOne(id)));
  }

  private async saveOne(stepId: string): Promise<void> {
    const timer = this.timers.get(stepId);
    if (timer) {
      clearTimeout(timer);
      this.timers.delete(stepId);
    }
    // One save per step at a time: a change made during a save is saved after it.
    const running = this.inFlight.get(stepId);
    if (running) await running;
    const data = this.pending.get(stepId);
    if (!data || this.suppressed) return;
    const run = (async () => {
      this.options.onStatus?.(stepId, 'saving');
      try {
        const result = await this.options.save(stepId, data);
        // Only forget what was saved: newer typing stays pending.
        if (this.pending.get(stepId) === data) {
          this.pending.delete(stepId);
          try {
            this.storage?.removeItem(pendingKey(this.options.applicationId, stepId));
          } catch {
            // ignore
          }
          this.options.onStatus?.(stepId, 'saved');
        }
        this.options.onSaved?.(stepId, result);
      } catch (error) {
        this.options.onStatus?.(stepId, 'failed');
        this.options.onError?.(stepId, error);
      }
    })();
    this.inFlight.set(stepId, run);
    try {
      await run;
    } finally {
      if (this.inFlight.get(stepId) === run) this.inFlight.delete(stepId);
    }
  }

  /**
   * Leaving a step or the page for `destination`: saves what is unsaved, except when going to
   * /application-submitted (the submission has been made; nothing is saved after it).
   */
  leave(destination: string): Promise<void> {
    if (isSubmittedPath(destination)) {
      this.suppress();
      return Promise.resolve();
    }
    return this.flush();
  }

  /** No more saves (the application has been submitted): timers stop and pending data is dropped. */
  suppress(): void {
    this.suppressed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const stepId of this.pending.keys()) {
      try {
        this.storage?.removeItem(pendingKey(this.options.applicationId, stepId));
      } catch {
        // ignore
      }
    }
    this.pending.clear();
  }

  /** Stops timers without saving (tests, unmount after leave). */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
