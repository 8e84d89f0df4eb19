import { readOutputs, type DemoUserCredentials } from '../../support/outputs';

export { readOutputs };

/** A demo account of the stack under test (DemoUsers in its outputs). */
export function demoUser(index = 0): DemoUserCredentials {
  const user = readOutputs().DemoUsers[index];
  if (!user) throw new Error(`The stack outputs have no DemoUsers[${index}]`);
  return user;
}
