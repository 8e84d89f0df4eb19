import { useEffect, useRef, useState } from 'react';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS } from '../../../../shared/schemas/lookups';

export type SearchStatus = 'idle' | 'loading' | 'finished';

const isAbort = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

/**
 * The address and person searches' typing rule (docs/lookups.md): a search starts from 2
 * characters, 1000 ms after the last change; only the latest search may land; a failed search is
 * logged with `failureMessage` and the list stays as it was. `change` takes the field's text,
 * `cancel` drops a pending or running search (optionally setting the status).
 */
export function useDebouncedSearch<T>(run: (q: string) => Promise<readonly T[]>, failureMessage: string) {
  const [results, setResults] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  const latestRun = useRef(run);
  useEffect(() => {
    latestRun.current = run;
  });
  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);

  const cancel = (next?: SearchStatus) => {
    clearTimeout(timer.current);
    seq.current += 1;
    if (next) setStatus(next);
  };

  const search = (q: string) => {
    const mine = (seq.current += 1);
    latestRun
      .current(q)
      .then((found) => {
        if (mine !== seq.current) return;
        setResults(found);
        setStatus('finished');
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        // docs/lookups.md: logged; the list stays unchanged.
        console.error(failureMessage, error);
        if (mine === seq.current) setStatus('finished');
      });
  };

  const change = (text: string) => {
    cancel();
    const q = text.trim();
    if (q.length < ADDRESS_SEARCH_MIN_CHARS) {
      setResults([]);
      setStatus('idle');
      return;
    }
    setStatus('loading');
    timer.current = setTimeout(() => search(q), ADDRESS_SEARCH_DEBOUNCE_MS);
  };

  /** Forgets the results (another library chosen). */
  const reset = () => {
    cancel('idle');
    setResults([]);
  };

  return { results, status, change, cancel, reset };
}
