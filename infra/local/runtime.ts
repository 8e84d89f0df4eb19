/**
 * Which Node the local stack runs on, said where `npm start` prints its outputs: the Lambdas run
 * Node 22 (infra/constructs/portal-function.ts), so an older local node is named with the way to
 * Node 22 (`. .ci/node22`, README "Prerequisites").
 */
export const LAMBDA_NODE_MAJOR = 22;

export interface RuntimeReport {
  /** `v22.23.3 (/path/to/node)`. */
  line: string;
  /** Set when the node is older than the Lambdas' runtime. */
  warning?: string;
}

export function nodeRuntime(
  version: string = process.version,
  execPath: string = process.execPath,
): RuntimeReport {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  const line = `${version} (${execPath})`;
  if (major >= LAMBDA_NODE_MAJOR) return { line };
  return {
    line,
    warning:
      `node ${version} is older than the Lambdas' Node ${LAMBDA_NODE_MAJOR}: ` +
      '`. .ci/node22` puts Node 22 from the npm registry first on PATH for this shell (README "Prerequisites").',
  };
}
