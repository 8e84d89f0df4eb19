import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer boundaries of eslint.config.js (docs/architecture.md): `npm run lint` fails on each. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
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

  it("a feature never reaches into another feature's repository; its own and another's service are fine", async () => {
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../../documents/repository.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../../reference/repository/reference.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'functions/applications/service/x.ts',
        "import { a } from '../repository/applications.js';\nimport { c } from '../../reference/catalogue.js';\nexport const b = [a, c];\n",
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
});
