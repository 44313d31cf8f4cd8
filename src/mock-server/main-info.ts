import type { MockConfig } from './config';
import { SEEDED_ACCOUNTS } from './seed/core';

/** The startup banner: where the mock is, its edition, and the seeded accounts to sign in with. */
export function describeAccounts(config: MockConfig, where: string): string {
  const rows = SEEDED_ACCOUNTS.map((a) => `    ${a.principal.padEnd(10)} ${a.role.padEnd(14)} password: ${config.password}`);
  return [
    `[mock] ${where} (${config.edition} edition${config.dbFile ? `, state saved to ${config.dbFile}` : ', state in memory'}` +
      `${config.mockControls ? '' : ', /__mock controls off'}` +
      `${config.graphScale === null ? '' : `, directory graph of at least ${config.graphScale.toLocaleString('en-US')} nodes`})`,
    '[mock] seeded accounts:',
    ...rows,
  ].join('\n');
}
