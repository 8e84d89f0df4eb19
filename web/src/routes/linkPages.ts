/**
 * The signed-out pages an email's link opens (an invited payer's invoice, the unsubscribe page),
 * reached through this module: the sign-in entry then carries one small lazy import instead of
 * each page's list of chunks to preload (the sign-in first-load budget, docs/performance.md).
 */
export const payerPage = () => import('../features/payments/PayerSignedOutPage');
export const unsubscribePage = () => import('../features/notifications/UnsubscribeSignedOutPage');
