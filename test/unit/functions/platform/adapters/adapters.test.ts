import { mkdtemp, readdir, readFile, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import {
  outboxTransport,
  sendMail,
  setMailTransport,
  sesTransport,
} from '../../../../../functions/platform/adapters/mail.js';
import {
  atExpression,
  cancel,
  schedule,
  setSchedulerImplementation,
  targetArn,
} from '../../../../../functions/platform/adapters/scheduler.js';
import type { ScheduledJob } from '../../../../../functions/platform/adapters/scheduler.js';
import { clamscanScanner, parseSignature } from '../../../../../functions/platform/adapters/scanner.js';
import { s3ClientOptions } from '../../../../../functions/platform/adapters/aws/s3.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../../metrics-capture.js';

const ses = mockClient(SESv2Client);
const sched = mockClient(SchedulerClient);
beforeEach(() => {
  ses.reset();
  sched.reset();
});

describe('mail', () => {
  it('outbox writes one JSON file per message with sortable timestamped names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const times = [new Date('2025-02-01T10:00:00.000Z'), new Date('2025-02-01T09:00:00.000Z')];
    const t = outboxTransport(dir, 'portal@example.nz', () => times.shift()!);
    await t.sendMail({ to: 'ana@example.nz', subject: 'Later', text: 'b' });
    await t.sendMail({
      to: ['x@example.nz', 'y@example.nz'],
      subject: 'Earlier',
      text: 'a',
      html: '<p>a</p>',
    });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2025-02-01T09-00-00\.000Z-[0-9a-f-]{36}\.json$/);
    const first = JSON.parse(await readFile(join(dir, files[0]!), 'utf8')) as Record<string, unknown>;
    expect(first).toMatchObject({
      from: 'portal@example.nz',
      to: ['x@example.nz', 'y@example.nz'],
      subject: 'Earlier',
      text: 'a',
      html: '<p>a</p>',
      sentAt: '2025-02-01T09:00:00.000Z',
    });
  });

  it('ses sends with SESv2 SendEmail', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    expect(
      await sesTransport('portal@example.nz').sendMail({
        to: 'ana@example.nz',
        subject: 'Hi',
        text: 'Body',
        html: '<b>Body</b>',
      }),
    ).toEqual({ messageId: 'm-1' });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input).toEqual({
      FromEmailAddress: 'portal@example.nz',
      Destination: { ToAddresses: ['ana@example.nz'] },
      Content: {
        Simple: {
          Subject: { Data: 'Hi', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Body', Charset: 'UTF-8' }, Html: { Data: '<b>Body</b>', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('sendMail uses the transport chosen by MAIL_TRANSPORT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    vi.stubEnv('MAIL_TRANSPORT', 'outbox');
    vi.stubEnv('MAIL_FROM', 'portal@example.nz');
    vi.stubEnv('MAIL_OUTBOX_DIR', dir);
    setMailTransport(undefined);
    await sendMail({ to: 'a@b.nz', subject: 's', text: 't' });
    expect(await readdir(dir)).toHaveLength(1);
    vi.stubEnv('MAIL_TRANSPORT', 'pigeon');
    setMailTransport(undefined);
    await expect(sendMail({ to: 'a@b.nz', subject: 's', text: 't' })).rejects.toThrow(
      /Unknown MAIL_TRANSPORT/,
    );
    setMailTransport(undefined);
    vi.unstubAllEnvs();
  });
});

describe('scheduler', () => {
  it('creates a one-time at() schedule that deletes itself, with group, role and target', async () => {
    vi.stubEnv('SCHEDULER_GROUP', 'portal');
    vi.stubEnv('SCHEDULER_ROLE_ARN', 'arn:aws:iam::1:role/sched');
    vi.stubEnv('SCHEDULER_TARGET_ARN', 'arn:aws:lambda:ap-southeast-2:1:function:jobs');
    setSchedulerImplementation(undefined);
    sched.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await schedule({
      name: 'access-request-expiry-g1',
      at: new Date('2025-01-08T03:04:05.678Z'),
      payload: { type: 'accessRequestExpiry', requestGuid: 'g1' },
    });
    expect(sched.commandCalls(CreateScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'access-request-expiry-g1',
      GroupName: 'portal',
      ScheduleExpression: 'at(2025-01-08T03:04:05)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:ap-southeast-2:1:function:jobs',
        RoleArn: 'arn:aws:iam::1:role/sched',
        Input: '{"type":"accessRequestExpiry","requestGuid":"g1"}',
      },
    });
    sched
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await expect(cancel('access-request-expiry-g1')).resolves.toBeUndefined();
    expect(sched.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'access-request-expiry-g1',
      GroupName: 'portal',
    });
    vi.unstubAllEnvs();
  });

  it("targets the job's feature Lambda through SCHEDULER_TARGET_ARN_TEMPLATE (the event consumers)", async () => {
    vi.stubEnv('SCHEDULER_GROUP', 'portal');
    vi.stubEnv('SCHEDULER_ROLE_ARN', 'arn:aws:iam::1:role/sched');
    vi.stubEnv(
      'SCHEDULER_TARGET_ARN_TEMPLATE',
      'arn:aws:lambda:ap-southeast-2:1:function:p-{feature}-scheduled',
    );
    setSchedulerImplementation(undefined);
    sched.reset();
    sched.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await schedule({ name: 'j1', at: new Date(0), payload: { target: 'organisations/scheduled', id: 'i1' } });
    expect(sched.commandCalls(CreateScheduleCommand)[0]!.args[0].input.Target?.Arn).toBe(
      'arn:aws:lambda:ap-southeast-2:1:function:p-organisations-scheduled',
    );
    expect(targetArn({ target: 'access-requests/scheduled' })).toBe(
      'arn:aws:lambda:ap-southeast-2:1:function:p-access-requests-scheduled',
    );
    // A job without a feature target and no single target ARN cannot be scheduled.
    expect(() => targetArn({})).toThrow(/SCHEDULER_TARGET_ARN/);
    vi.unstubAllEnvs();
  });

  it('atExpression drops milliseconds and zone', () => {
    expect(atExpression(new Date('2030-12-31T23:59:59.999Z'))).toBe('at(2030-12-31T23:59:59)');
  });

  it('setSchedulerImplementation swaps in the local implementation', async () => {
    const jobs: ScheduledJob[] = [];
    const cancelled: string[] = [];
    setSchedulerImplementation({
      schedule: async (j) => void jobs.push(j),
      cancel: async (n) => void cancelled.push(n),
    });
    await schedule({ name: 'n1', at: new Date(0), payload: { a: 1 } });
    await cancel('n1');
    expect(jobs).toEqual([{ name: 'n1', at: new Date(0), payload: { a: 1 } }]);
    expect(cancelled).toEqual(['n1']);
    expect(sched.calls()).toHaveLength(0);
    setSchedulerImplementation(undefined);
  });
});

describe('clamscan scanner', () => {
  /** A stand-in clamscan: records its arguments, reads stdin to the end, answers by content. */
  async function fakeClamscan(): Promise<{ path: string; argsFile: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'clam-'));
    const argsFile = join(dir, 'args.json');
    const path = join(dir, 'clamscan');
    await writeFile(
      path,
      `#!/usr/bin/env node
const fs = require('node:fs');
fs.writeFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)));
let n = 0, text = '';
process.stdin.on('data', (c) => { n += c.length; if (text.length < 100) text += c.toString('latin1'); });
process.stdin.on('end', () => {
  if (text.startsWith('EICAR')) { process.stdout.write('stdin: Eicar-Test-Signature FOUND\\n'); process.exit(1); }
  if (text.startsWith('LIMITS')) { process.stdout.write('stdin: Heuristics.Limits.Exceeded.MaxRecursion FOUND\\n'); process.exit(1); }
  if (text.startsWith('BROKEN')) { process.stderr.write('LibClamAV Error: broken\\n'); process.exit(2); }
  process.stdout.write('stdin: OK\\n'); process.exit(0);
});
`,
    );
    await chmod(path, 0o755);
    return { path, argsFile };
  }

  it('passes --no-summary --stdout, limits past 250 MB, -d <db> - and maps exit codes 0/1/2', async () => {
    const fake = await fakeClamscan();
    const scanner = clamscanScanner({ clamscanPath: fake.path, databaseDir: '/var/lib/clamav-test' });
    expect(await scanner.scan(Readable.from([Buffer.alloc(2_000_000, 1)]))).toEqual({ status: 'clean' });
    expect(JSON.parse(await readFile(fake.argsFile, 'utf8'))).toEqual([
      '--no-summary',
      '--stdout',
      '--max-filesize=300M',
      '--max-scansize=300M',
      '--alert-exceeds-max=yes',
      '-d',
      '/var/lib/clamav-test',
      '-',
    ]);
    expect(await scanner.scan(Readable.from([Buffer.from('EICAR payload')]))).toEqual({
      status: 'infected',
      signature: 'Eicar-Test-Signature',
    });
    // A scan stopped at a limit is a failure, never clean and not "infected".
    expect(await scanner.scan(Readable.from([Buffer.from('LIMITS')]))).toEqual({
      status: 'error',
      reason: 'scan incomplete: Heuristics.Limits.Exceeded.MaxRecursion',
    });
    const broken = await scanner.scan(Readable.from([Buffer.from('BROKEN')]));
    expect(broken).toMatchObject({ status: 'error' });
    expect(broken.status === 'error' && broken.reason).toContain('exited with 2');
  });

  it('a missing binary is a scanner error, not a throw', async () => {
    expect(
      await clamscanScanner({ clamscanPath: '/nonexistent/clamscan' }).scan(
        Readable.from([Buffer.from('x')]),
      ),
    ).toMatchObject({ status: 'error' });
  });

  const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
  /** A signature database with the one EICAR signature (the real clamscan needs no download). */
  async function eicarDatabase() {
    const db = await mkdtemp(join(tmpdir(), 'clamdb-'));
    await writeFile(
      join(db, 'eicar.ndb'),
      'Eicar-Test-Signature-Custom:0:*:45494341522d5354414e444152442d414e544956495255532d544553542d46494c45\n',
    );
    return db;
  }

  it('the real clamscan detects EICAR with a custom signature database', async () => {
    const scanner = clamscanScanner({ databaseDir: await eicarDatabase() });
    expect(await scanner.scan(Readable.from([Buffer.from(eicar)]))).toEqual({
      status: 'infected',
      signature: 'Eicar-Test-Signature-Custom.UNOFFICIAL',
    });
    expect(await scanner.scan(Readable.from([Buffer.from('%PDF-1.4 harmless')]))).toEqual({
      status: 'clean',
    });
  });

  it('the real clamscan scans past 100 MB (its default skips and passes bigger files) and fails a scan that hits a limit', async () => {
    const scanner = clamscanScanner({ databaseDir: await eicarDatabase() });
    // 120 MB of zeros, in 1 MB chunks, then the signature.
    const chunks = function* () {
      for (let i = 0; i < 120; i++) yield Buffer.alloc(1024 * 1024);
      yield Buffer.from(eicar);
    };
    expect(await scanner.scan(Readable.from(chunks()))).toMatchObject({ status: 'infected' });
    // Twenty zip archives one inside the other (test/fixtures/documents/README.md): past the
    // recursion limit, so not fully scanned.
    const nested = await readFile(
      new URL('../../../../fixtures/documents/nested-archives.zip', import.meta.url),
    );
    expect(await scanner.scan(Readable.from([nested]))).toEqual({
      status: 'error',
      reason: 'scan incomplete: Heuristics.Limits.Exceeded.MaxRecursion',
    });
  }, 60_000);

  it('parseSignature reads the FOUND line', () => {
    expect(parseSignature('stdin: Win.Test.EICAR_HDB-1 FOUND\n')).toBe('Win.Test.EICAR_HDB-1');
    expect(parseSignature('stdin: OK')).toBeUndefined();
  });
});

describe('aws clients', () => {
  it('S3: path style only when S3_FORCE_PATH_STYLE=true; checksums only when required', () => {
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    expect(s3ClientOptions()).toMatchObject({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    vi.stubEnv('S3_FORCE_PATH_STYLE', '');
    expect(s3ClientOptions()).toMatchObject({
      forcePathStyle: false,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    vi.unstubAllEnvs();
  });
});

describe('mail metrics (docs/architecture.md)', () => {
  const metrics = captureMetrics();
  it('EmailsSent by kind once the transport took the mail (default Transactional); the kind is not sent on', async () => {
    const given: unknown[] = [];
    setMailTransport({ sendMail: async (m) => (given.push(m), { messageId: '1' }) });
    await sendMail({ to: 'ana@example.nz', subject: 's', text: 't' });
    await sendMail({ kind: 'Immediate', to: 'ana@example.nz', subject: 's', text: 't' });
    await sendMail({ kind: 'Digest', to: ['ana@example.nz'], subject: 's', text: 't' });
    setMailTransport({ sendMail: async () => Promise.reject(new Error('SES throttled')) });
    await expect(sendMail({ to: 'ana@example.nz', subject: 's', text: 't' })).rejects.toThrow();
    setMailTransport(undefined);
    expect(given.every((m) => !('kind' in (m as object)))).toBe(true);
    expect(metrics.emitted()).toEqual(
      ['Transactional', 'Immediate', 'Digest'].map((kind) => ({
        name: 'EmailsSent',
        unit: 'Count',
        dimensions: { kind },
      })),
    );
    expectOnlyCatalogueValues(metrics, ['ana@example.nz']);
  });
});
