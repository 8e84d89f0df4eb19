import { describe, expect, it } from 'vitest';
import { nodeRuntime } from '../../../infra/local/runtime';

describe('npm start names the node it runs on', () => {
  it('Node 22 or newer: the version and the binary, no warning', () => {
    expect(nodeRuntime('v22.23.3', '/root/.cache/consent-portal/node22/node_modules/node/bin/node')).toEqual({
      line: 'v22.23.3 (/root/.cache/consent-portal/node22/node_modules/node/bin/node)',
    });
    expect(nodeRuntime('v24.1.0', '/usr/bin/node').warning).toBeUndefined();
  });

  it('an older node: a warning naming it and the way to Node 22', () => {
    const r = nodeRuntime('v20.20.2', '/usr/bin/node');
    expect(r.line).toBe('v20.20.2 (/usr/bin/node)');
    expect(r.warning).toBe(
      'node v20.20.2 is older than the Lambdas\' Node 22: `. .ci/node22` puts Node 22 from the npm registry first on PATH for this shell (README "Prerequisites").',
    );
  });
});
