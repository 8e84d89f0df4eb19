/**
 * The upload limits hold under concurrent uploads (docs/documents.md "Two concurrent uploads at the container
 * limit: exactly one is accepted"): 50 per container except
 * RFIDocument containers, 200 per application, each create's count and write kept together by the
 * application's documentGuard in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { pointAtStack, seedDraft, subOf } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');

let token: string;
let userId: string;
beforeAll(async () => {
  const t = await signIn(o.DemoUsers[0]!.email, o.DemoUsers[0]!.password, o);
  token = t.IdToken;
  userId = subOf(token);
});

const seedApplication = () => seedDraft(userId, [], 'lim');

/** `count` Pending documents in `containerId`, written directly (as earlier uploads left them). */
async function seedDocuments(
  applicationId: string,
  containerId: string,
  count: number,
  prefix = containerId,
) {
  const items = Array.from({ length: count }, (_, i) => ({
    applicationId,
    documentName: `${prefix}-${i}.pdf`,
    objectKey: `incoming/${applicationId}/${randomUUID()}`,
    fileName: `${prefix}-${i}.pdf`,
    fileType: 'application/pdf',
    fileSize: 7000,
    uploadStatus: 'Completed' as const,
    documentContainerId: containerId,
    order: i,
    createdBy: userId,
  }));
  await entities.applicationDocument.put(items).go();
}

const create = (applicationId: string, fileName: string, containerId: string) =>
  api(
    'POST',
    `/user/applications/${applicationId}/documents`,
    { fileName, mimeType: 'application/pdf', size: 7000, containerId },
    { token },
  );

const countIn = async (applicationId: string, containerId?: string) => {
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all', consistent: true });
  return data.filter((d) => containerId === undefined || d.documentContainerId === containerId).length;
};

describe('limits under concurrent uploads', () => {
  test('two concurrent uploads at the container limit: exactly one is accepted, the other gets the spec message', async () => {
    const id = await seedApplication();
    await seedDocuments(id, 'plans', 49);
    const answers = await Promise.all([create(id, 'a.pdf', 'plans'), create(id, 'b.pdf', 'plans')]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect((refused.body as { message: string }).message).toBe('Max file numbers is 50 per container');
    expect(await countIn(id, 'plans')).toBe(50);
  });

  test('six concurrent uploads with room for two: exactly two are accepted', async () => {
    const id = await seedApplication();
    await seedDocuments(id, 'plans', 48);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(id, `c${i}.pdf`, 'plans')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(await countIn(id, 'plans')).toBe(50);
  });

  test('an RFIDocument container has no per-container maximum, but two concurrent uploads at 199 files make 200, not 201', async () => {
    const id = await seedApplication();
    // 60 in the RFI container (over the per-container 50) and 139 elsewhere: 199 in all.
    await seedDocuments(id, 'rfi-documents', 60);
    await seedDocuments(id, 'plans', 45);
    await seedDocuments(id, 'specifications', 45);
    await seedDocuments(id, 'other', 49);
    const answers = await Promise.all([
      create(id, 'r1.pdf', 'rfi-documents'),
      create(id, 'r2.pdf', 'rfi-documents'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect((refused.body as { message: string }).message).toBe('Max file numbers is 200 per application');
    expect(await countIn(id)).toBe(200);
    expect(await countIn(id, 'rfi-documents')).toBe(61);
  });
});
