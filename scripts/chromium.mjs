// Which Chromium the end-to-end tests drive: one answer for playwright.config.ts and for
// `npm test`'s first step (scripts/check-chromium.mjs), so both say the same thing.
import { existsSync } from 'node:fs';

/**
 * Debian's headless shell (package chromium-headless-shell): the same engine without the browser's
 * own windows, tab strip and their renderers, which is what Playwright itself runs headless. The
 * suite runs about a fifth faster on it than on the full browser (docs/testing.md, "The end-to-end suite").
 */
const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell'];
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const INSTALL_HELP =
  'No Chromium found for the end-to-end tests. Install one of:\n' +
  "  npx playwright install chromium          (Playwright's own build, where downloads work)\n" +
  '  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell   (Debian/Ubuntu; lands in /usr/lib/chromium)\n' +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

export const HEADLESS_SHELL_HINT =
  "Only the full Chromium was found: the headless runs are faster on Debian's headless shell\n" +
  '  (sudo apt-get install -y chromium-headless-shell).';

/**
 * The Chromium to launch: `{ executablePath: undefined }` for Playwright's own build, the path of
 * CHROMIUM_PATH or of a system Chromium/Chrome otherwise (for a headless run the system's headless
 * shell first; a headed one needs the full browser), or `{ error }` saying how to get one.
 * `slower` says a headless run fell back to the full browser although a headless shell could be installed.
 * @param {{ executablePath(): string }} playwrightChromium Playwright's `chromium` browser type
 * @param {{ headless?: boolean }} [options]
 * @returns {{ executablePath: string | undefined, slower?: boolean, error?: undefined } | { executablePath?: undefined, error: string }}
 */
export function findChromium(playwrightChromium, { headless = true } = {}) {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    return existsSync(named) ? { executablePath: named } : { error: `CHROMIUM_PATH=${named} does not exist.\n${INSTALL_HELP}` };
  }
  try {
    if (existsSync(playwrightChromium.executablePath())) return { executablePath: undefined };
  } catch {
    /* Playwright's own browser is not installed */
  }
  const shell = headless ? HEADLESS_SHELL_PATHS.find((path) => existsSync(path)) : undefined;
  if (shell) return { executablePath: shell };
  const system = SYSTEM_PATHS.find((path) => existsSync(path));
  return system ? { executablePath: system, slower: headless } : { error: INSTALL_HELP };
}

/**
 * Whether this Playwright run shows a browser window (`--headed`, `--debug`, `--ui`, PWDEBUG):
 * decided in the runner's process, where the command line is, and passed to its workers.
 */
export function headedRun() {
  if (process.env.E2E_HEADED === undefined) {
    const headed = ['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag)) || Boolean(process.env.PWDEBUG);
    process.env.E2E_HEADED = headed ? '1' : '0';
  }
  return process.env.E2E_HEADED === '1';
}
