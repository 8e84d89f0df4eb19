import { simulatorCommands } from './applications';
import { issuedCommands } from './issued';
import { moreSimulatorCommands } from './more';
import { operatorCommands } from './operator';
import { paymentCommands } from './payments';
import { rfiCommands } from './rfis';
import type { CouncilCommand } from './types';

/** Every command of `npm run council`: add a file's list here. */
export const councilCommands: CouncilCommand[] = [
  ...operatorCommands,
  ...simulatorCommands,
  ...moreSimulatorCommands,
  ...rfiCommands,
  ...paymentCommands,
  ...issuedCommands,
];
