import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** The app's TanStack Query defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
}

/**
 * A query cache for the lifetime of the tree it wraps: the signed-in app (one per session, so a
 * sign-out drops every cached answer) and the signed-out pages that read the API through TanStack
 * Query. Not part of the first page: the sign-in page and the maintenance gate fetch without it
 * (docs/performance.md).
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
