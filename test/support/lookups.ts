/**
 * Fault injection for the local lookup services (functions/platform/adapters/lookups/local.ts): the local
 * stack points LOOKUPS_FAULTS_FILE at `<DataDir>/lookups-faults.json`; while that file names a
 * service, the local service fails the way the real one can.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readOutputs, type StackOutputs } from './outputs';

export type LookupFault = 'connect' | 'timeout' | 'status' | 'invalid';
export type LookupFaults = Partial<Record<'nzpost' | 'property' | 'lbp', LookupFault>>;

export function lookupFaultsFile(outputs: StackOutputs = readOutputs()): string {
  if (typeof outputs.DataDir !== 'string') throw new Error('fault injection needs a local stack (DataDir)');
  return path.join(outputs.DataDir, 'lookups-faults.json');
}

/** Makes the named local services fail until {@link clearLookupFaults}. */
export function injectLookupFaults(faults: LookupFaults, outputs: StackOutputs = readOutputs()): void {
  writeFileSync(lookupFaultsFile(outputs), JSON.stringify(faults));
}

export function clearLookupFaults(outputs: StackOutputs = readOutputs()): void {
  rmSync(lookupFaultsFile(outputs), { force: true });
}
