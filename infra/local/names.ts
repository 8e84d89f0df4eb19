/** The local stack's table (one module, so the ops commands need not load the whole stack). */
export const TABLE_NAME = 'consent-portal-local';
