import { beforeAll, describe, expect, test } from 'vitest';

beforeAll(() => {
  process.env.UPLOADS_BUCKET = 'uploads-test';
  process.env.AWS_REGION = 'ap-southeast-2';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
});

describe('presigned PUTs (the only way a browser writes to the uploads bucket)', () => {
  const opts = { contentType: 'application/pdf', contentLength: 10, expiresIn: 60 };

  test.each(['incoming/1000001/0b6f1c2e', 'thumbnails/user-1/4c1d', 'organisation-images/user-1/4c1d'])(
    '%s may be presigned',
    async (key) => {
      const { presignUpload } = await import('../../../../../functions/platform/adapters/aws/uploads');
      const url = new URL(await presignUpload(key, opts));
      expect(url.pathname).toContain(key);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    },
  );

  test.each([
    'generated/1000001/summary-BC1.pdf',
    'documents/1000001/abc',
    'extracted/documents/1/x.txt',
    'incomingx/1',
  ])('%s (server-written or scanned) is refused', async (key) => {
    const { presignUpload } = await import('../../../../../functions/platform/adapters/aws/uploads');
    await expect(presignUpload(key, opts)).rejects.toThrow(
      'Presigned PUTs target incoming/, thumbnails/, organisation-images/ only',
    );
  });
});
