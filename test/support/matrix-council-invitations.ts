/**
 * The authorization matrix's calls of the invitee's registered-applicant invitation routes
 * (test/integration/authorization-matrix.test.ts; docs/council-api.md §4, §8): signed-in routes the
 * service scopes to the caller's email. The invitations the calls name are written directly
 * (`seed`), addressed to the caller, by `prepare` before the token cases run; the one success
 * consumes its own. `rows` reads them back for the matrix's before/after snapshots.
 */
interface Person {
  email: string;
}
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface UserCall {
  request: (caller: Person) => Request | Promise<Request>;
}

export function councilInvitationCalls(
  /** Writes a Pending invitation of a council to `email`; its id. */
  seed: (email: string) => Promise<string>,
  /** Reads an invitation as stored (consistently). */
  read: (id: string) => Promise<unknown>,
): {
  calls: Record<string, UserCall>;
  prepare: (caller: Person) => Promise<void>;
  rows: () => Promise<unknown[]>;
} {
  const ids: Record<'read' | 'answer', string | undefined> = { read: undefined, answer: undefined };
  const id = (key: 'read' | 'answer') => {
    const value = ids[key];
    if (!value) throw new Error('councilInvitationCalls: prepare() has not run');
    return value;
  };
  return {
    calls: {
      'GET /user/registered-applicant-invitations': {
        request: () => ({ query: { invitationStatus: 'Pending' } }),
      },
      'GET /user/registered-applicant-invitations/{id}': { request: () => ({ params: { id: id('read') } }) },
      'PATCH /user/registered-applicant-invitations/{id}': {
        request: () => ({ params: { id: id('answer') }, body: { status: 'Rejected' } }),
      },
    },
    async prepare(caller) {
      ids.read = await seed(caller.email);
      ids.answer = await seed(caller.email);
    },
    rows: async () => Promise.all(Object.values(ids).map((v) => (v ? read(v) : undefined))),
  };
}
