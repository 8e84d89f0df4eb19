/** The object without its undefined fields (ElectroDB writes refuse undefined; DTOs leave them out). */
export const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
