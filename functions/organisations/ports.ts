/** What the organisations service needs (the table, mail, the captcha, a clock): being built. */
export type OrganisationPorts = Record<string, never>;

export const tablePorts: OrganisationPorts = {};
