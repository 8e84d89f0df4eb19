/**
 * The notifications' query keys and scopes, apart from the calls (./notifications.ts parses with zod):
 * the shell's bell uses them and loads no zod (docs/performance.md).
 */
export type NotificationScope = { kind: 'user' } | { kind: 'application'; applicationId: string };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (scope: NotificationScope) =>
    [...notificationKeys.all, scope.kind === 'user' ? 'user' : scope.applicationId] as const,
  detail: (id: string) => [...notificationKeys.all, 'detail', id] as const,
  profile: ['notifications', 'profile'] as const,
};
