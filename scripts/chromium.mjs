// Which Chromium the end-to-end tests drive: one answer for playwright.config.ts and for
// `npm test`'s first step (scripts/check-chromium.mjs), so both say the same thing.
import { existsSync } from 'node:fs';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const INSTALL_HELP =
  'No Chromium found for the end-to-end tests. Install one of:\n' +
  "  npx playwright install chromium          (Playwright's own build, where downloads work)\n" +
  '  sudo apt-get update && sudo apt-get install -y chromium   (Debian/Ubuntu; lands at /usr/bin/chromium)\n' +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

/**
 * The Chromium to launch: `{ executablePath: undefined }` for Playwright's own build, the path of
 * CHROMIUM_PATH or of a system Chromium/Chrome otherwise, or `{ error }` saying how to get one.
 * @param {{ executablePath(): string }} playwrightChromium Playwright's `chromium` browser type
 * @returns {{ executablePath: string | undefined, error?: undefined } | { executablePath?: undefined, error: string }}
 */
export function findChromium(playwrightChromium) {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    return existsSync(named) ? { executablePath: named } : { error: `CHROMIUM_PATH=${named} does not exist.\n${INSTALL_HELP}` };
  }
  try {
    if (existsSync(playwrightChromium.executablePath())) return { executablePath: undefined };
  } catch {
    /* Playwright's own browser is not installed */
  }
  const system = SYSTEM_PATHS.find((path) => existsSync(path));
  return system ? { executablePath: system } : { error: INSTALL_HELP };
}
