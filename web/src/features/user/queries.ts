import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from '../../api/user';

/** Query-key factory for the signed-in user. */
export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
