import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (infra/local/ is two levels down). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Loads handler modules from functions/ (or another folder with the same layout, for tests).
 * Imports are dynamic and happen after the stack has set process.env, so module-scope AWS clients
 * see the local endpoints. Each module is imported once and cached by the ESM loader.
 */
export class HandlerLoader {
  constructor(readonly functionsDir: string) {}

  path(relative: string): string {
    return path.join(this.functionsDir, relative);
  }

  exists(relative: string): boolean {
    return ['.ts', '.js', '.mts'].some((ext) => existsSync(this.path(relative + ext)));
  }

  async load<F = (...args: never[]) => unknown>(relative: string, exportName = 'handler'): Promise<F> {
    const ext = ['.ts', '.js', '.mts'].find((e) => existsSync(this.path(relative + e)));
    if (!ext) throw new Error(`Handler module not found: ${this.path(relative)}.ts`);
    const mod = (await import(pathToFileURL(this.path(relative + ext)).href)) as Record<string, unknown>;
    const fn = mod[exportName];
    if (typeof fn !== 'function')
      throw new Error(`${relative}${ext} does not export a function ${exportName}`);
    return fn as F;
  }
}

/** A minimal Lambda context, enough for Powertools and middy. */
export function lambdaContext(functionName: string, requestId: string) {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:ap-southeast-2:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, 29_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
