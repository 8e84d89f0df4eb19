import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (slowest known files first), except that the integration layer's fuzz pass runs
 * first, on a table the other files have not filled yet. It brackets each route with two scans of
 * the whole table: last on a full table it took about 10 minutes of CI's integration layer, first
 * about 2. Running before the other files also means no consumer of theirs writes during it.
 */
export class FuzzFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (s: TestSpecification) => (s.moduleId.endsWith('/test/integration/fuzz.test.ts') ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}
