import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer boundaries of eslint.config.js (docs/architecture.md): `npm run lint` fails on each. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads the whole config and its plugins: seconds, more on a loaded 2-core machine.
describe('layer boundaries', { timeout: 60_000 }, () => {
  it('the web never imports functions/ or infra/', async () => {
    expect(
      await restrictedImports(
        'web/src/features/x.ts',
        "import { a } from '../../../functions/applications/service/dto.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'web/src/features/x.ts',
        "import { a } from '../../../infra/site.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'web/src/features/x.ts',
        "import { a } from '../../../shared/domain/address.js';\nexport const b = a;\n",
      ),
    ).toEqual([]);
  });

  it('shared/ imports nothing outside itself', async () => {
    expect(
      await restrictedImports(
        'shared/domain/x.ts',
        "import { a } from '../../functions/routes.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
  });

  it('a service or repository never imports the HTTP layer', async () => {
    expect(
      await restrictedImports(
        'functions/documents/service/x.ts',
        "import { reply } from '../../platform/http/handler.js';\nexport const b = reply;\n",
      ),
    ).toHaveLength(1);
  });

  it("a feature never reaches into another feature's repository; its own repository and another's face are fine", async () => {
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../../documents/repository.js';\nexport const b = a;\n",
      ),
    ).toContainEqual(expect.stringMatching(/another feature's repository/));
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../../reference/repository/reference.js';\nexport const b = a;\n",
      ),
    ).toContainEqual(expect.stringMatching(/another feature's repository/));
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../repository/applications.js';\nimport { c } from '../../reference/index.js';\nexport const b = [a, c];\n",
      ),
    ).toEqual([]);
  });

  it('the platform imports no feature', async () => {
    expect(
      await restrictedImports(
        'functions/platform/x.ts',
        "import { a } from '../applications/service/dto.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
  });

  const refused = async (filePath: string, from: string) =>
    restrictedImports(filePath, `import { a } from '${from}';\nexport const b = a;\n`);

  it.each([
    ['functions/council/service/x.ts', '../../applications/service/dto.js'],
    ['functions/documents/handler-x.ts', '../applications/service/summary-pdf.js'],
    // No file is exempt any more: the documents handler serves the stored summary PDF.
    ['functions/documents/handler.ts', '../applications/service/summary-pdf.js'],
    ['functions/applications/adapters-x.ts', '../documents/merge/repository.js'],
    ['functions/applications/repository/x.ts', '../../documents/model/keys.js'],
    ['functions/rfis/repository/x.ts', '../../documents/service/storage.js'],
    ['functions/payments/ports-x.ts', '../applications/service/dto.js'],
    ['functions/access-requests/ports-x.ts', '../participants/ports.js'],
    ['functions/contacts/x.ts', '../reference/service.js'],
    ['functions/notifications/x.ts', '../council/invitations/service.js'],
    ['functions/notifications/x.ts', '../rfis/model/events.js'],
  ])(
    "a feature never imports another feature's internals, whatever the file is called: %s → %s",
    async (file, from) => {
      expect((await refused(file, from)).join()).toMatch(/public face/);
    },
  );

  it("a feature imports another through its face (index.ts), and shared/ whatever its folders' names", async () => {
    expect(await refused('functions/council/service/x.ts', '../../applications/index.js')).toEqual([]);
    // A feature's domain events (events.ts: the types of what it publishes) are part of its face.
    expect(await refused('functions/notifications/service/x.ts', '../../rfis/events.js')).toEqual([]);
    expect(await refused('functions/reference/x.ts', '../../shared/reference/authorities.json')).toEqual([]);
    expect(await refused('functions/council/x.ts', '../shared/domain/applications.js')).toEqual([]);
  });

  it.each([
    ['functions/applications/repository/x.ts', '../service/list-row.js'],
    ['functions/council/invitations/repository.ts', '../service/feed.js'],
    ['functions/council/invitations/repository.ts', './service.js'],
    ['functions/documents/repository-x.ts', './service/merge.js'],
    ['functions/documents/merge/repository.ts', './service/merge.js'],
    ['functions/documents/extraction/repository.ts', '../service/view.js'],
    ['functions/notifications/repository.ts', './service/inbox.js'],
  ])('a repository never imports a service: %s → %s', async (file, from) => {
    expect((await refused(file, from)).join()).toMatch(/A repository never imports a service/);
  });

  it.each([
    ['functions/payments/ports-x.ts', '../council/index.js'],
    ['functions/rfis/repository/x.ts', '../../council/index.js'],
    ['functions/documents/scan-x.ts', '../council/lodgement.js'],
    ['functions/applications/form-x.ts', '../council'],
    ['functions/notifications/service/x.ts', '../../council/webhooks-events.js'],
  ])('no feature but council imports council/, not even its index: %s → %s', async (file, from) => {
    expect((await refused(file, from)).join()).toMatch(/No feature imports the council feature/);
  });

  it('the council feed is a platform helper any feature (and council itself) imports', async () => {
    for (const file of ['functions/payments/repository/x.ts', 'functions/council/invitations/repository.ts'])
      expect(await refused(file, '../../platform/events/council-feed.js')).toEqual([]);
    expect(await refused('functions/council/service/x.ts', '../model/events.js')).toEqual([]);
  });

  it('a repository never imports a service, not even a type', async () => {
    const typeOnly = async (file: string, from: string) =>
      restrictedImports(file, `import type { A } from '${from}';\nexport type B = A;\n`);
    for (const [file, from] of [
      ['functions/payments/repository/x.ts', '../service/payments.js'],
      ['functions/rfis/repository/x.ts', '../service/dto.js'],
      ['functions/documents/merge/repository.ts', './service/merge.js'],
    ])
      expect((await typeOnly(file!, from!)).join()).toMatch(/A repository never imports a service/);
    expect(await typeOnly('functions/payments/repository/x.ts', '../model/records.js')).toEqual([]);
  });

  it("a repository imports its feature's model and the table's service", async () => {
    expect(await refused('functions/applications/repository/x.ts', '../model/list-row.js')).toEqual([]);
    expect(await refused('functions/documents/repository-x.ts', './model/keys.js')).toEqual([]);
    expect(await refused('functions/council/invitations/repository.ts', '../model/events.js')).toEqual([]);
    expect(await refused('functions/site/repository.ts', '../platform/data/service.js')).toEqual([]);
  });

  it.each([
    'functions/documents/repository-x.ts',
    'functions/council/invitations/repository.ts',
    'functions/council/invitations/service.ts',
    'functions/applications/repository/x.ts',
    'functions/documents/merge/repository.ts',
    'functions/documents/scan/service.ts',
    'functions/documents/checks/service/x.ts',
  ])('%s does not know HTTP', async (file) => {
    const depth = file.split('/').length - 2;
    const http = `${'../'.repeat(depth)}platform/http/handler.js`;
    expect((await refused(file, http)).join()).toMatch(/do not know HTTP/);
  });
  it("the web's layers point down: lib, api, components, features and routes never import a higher layer", async () => {
    const layer = /web\/src layers point down/;
    for (const [file, spec] of [
      ['web/src/lib/x.ts', '../app/preload'],
      ['web/src/lib/urls/x.ts', '../../features/auth/AuthProvider.js'],
      ['web/src/i18n/x.ts', '../api/client'],
      ['web/src/api/x.ts', '../features/user/twoStepRules'],
      ['web/src/components/x.tsx', '../features/applications/x'],
      ['web/src/components/site-map/x.tsx', '../../routes/signedIn'],
      ['web/src/features/dashboard/x.tsx', '../../routes/signedIn'],
      ['web/src/features/auth/x.tsx', '../../app/preload'],
      ['web/src/features/auth/x.tsx', '../../main'],
      ['web/src/routes/x.tsx', '../app/App'],
    ] as const)
      expect(
        await restrictedImports(file, `import { a } from '${spec}';\nexport const b = a;\n`),
      ).toContainEqual(expect.stringMatching(layer));
    for (const [file, spec] of [
      ['web/src/app/x.tsx', '../features/auth/AuthProvider'],
      ['web/src/main.tsx', './app/App'],
      ['web/src/routes/x.tsx', '../features/dashboard/DashboardPage'],
      ['web/src/features/shell/x.tsx', '../auth/AuthProvider'],
      ['web/src/features/payments/x.tsx', '../../lib/dates'],
      ['web/src/components/x.tsx', '../api/client'],
      ['web/src/lib/x.ts', '@cloudscape-design/components/box'],
    ] as const)
      expect(await restrictedImports(file, `import { a } from '${spec}';\nexport const b = a;\n`)).toEqual(
        [],
      );
  });
});
