import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rfiMessages } from '../../../../shared/domain/rfis';
import type { RfiPointDto, RfiPointPatch } from '../../../../shared/schemas/rfis';
import { rfiKeys, rfisApi } from '../../api/rfis';
import { useToasts } from '../../components/toasts';

/** How long after the last keystroke the response is saved. */
export const AUTOSAVE_MS = 1000;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface Autosave {
  /** The response as typed (undefined until the point is loaded). */
  text: string | undefined;
  setText(text: string): void;
  /** Saves what is typed now, after any save under way; resolves when it is stored (or failed). */
  flush(): Promise<void>;
  /** Saves a change (the documents), after any save under way. */
  save(body: RfiPointPatch): Promise<RfiPointDto | undefined>;
  status: SaveStatus;
  savedAt: string | undefined;
  dirty: boolean;
}

/**
 * The point's response saved as it is typed: a PATCH {@link AUTOSAVE_MS} after typing stops, on
 * blur and before leaving (`flush`). Saves run one after another, so the last typed text is the
 * last stored; a failed save shows 'Failed to update RFI point' and keeps the text for the next try.
 * The browser asks before closing the page with unsaved text.
 */
export function useAutosave(
  applicationId: string,
  rfiPointId: string,
  point: RfiPointDto | undefined,
): Autosave {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [text, setTextState] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<string | undefined>(undefined);
  /** The response as last stored (the ref below for callbacks, this for rendering). */
  const [storedText, setStoredText] = useState<string | undefined>(undefined);
  const latest = useRef<string | undefined>(undefined);
  const stored = useRef<string | undefined>(undefined);
  const loadedFor = useRef<string | undefined>(undefined);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  // A point loaded (or another point opened): its stored response is the starting text.
  useEffect(() => {
    if (!point || loadedFor.current === point.id) return;
    loadedFor.current = point.id;
    stored.current = latest.current = point.responseDetails ?? '';
    setTextState(latest.current);
    setStoredText(latest.current);
    setSavedAt(point.responseLastModifiedDate);
    setStatus('idle');
  }, [point]);

  const save = useCallback(
    (body: RfiPointPatch): Promise<RfiPointDto | undefined> => {
      const run = chain.current.then(async () => {
        setStatus('saving');
        try {
          const saved = await rfisApi.respond(applicationId, rfiPointId, body);
          if (body.responseDetails !== undefined) {
            stored.current = body.responseDetails;
            setStoredText(body.responseDetails);
          }
          queryClient.setQueryData(rfiKeys.point(applicationId, rfiPointId), saved);
          void queryClient.invalidateQueries({ queryKey: rfiKeys.list(applicationId) });
          setSavedAt(saved.responseLastModifiedDate);
          setStatus('saved');
          return saved;
        } catch {
          setStatus('error');
          toasts.show({ type: 'error', content: rfiMessages.updatePoint });
          return undefined;
        }
      });
      chain.current = run;
      return run;
    },
    [applicationId, rfiPointId, queryClient, toasts],
  );

  const flush = useCallback(async () => {
    const now = latest.current;
    if (now !== undefined && now !== stored.current) await save({ responseDetails: now });
    else await chain.current;
  }, [save]);

  const setText = useCallback((value: string) => {
    latest.current = value;
    setTextState(value);
  }, []);

  useEffect(() => {
    if (text === undefined || text === storedText) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [text, storedText, flush]);

  const dirty = text !== undefined && text !== storedText;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { text, setText, flush, save, status, savedAt, dirty };
}
