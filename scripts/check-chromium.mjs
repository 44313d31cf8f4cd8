// `npm test`'s first step: stop at once, with the install instructions, when the end-to-end
// tests would find no Chromium (rather than after typecheck, lint, unit tests and size).
//   --want-headless-shell: exit 3 (after saying so) when a headless run would use the full browser
//   although Debian's headless shell could be installed (.ci/run installs it then).
import { chromium } from '@playwright/test';
import { findChromium, HEADLESS_SHELL_HINT } from './chromium.mjs';

const found = findChromium(chromium);
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
console.log(`Chromium for the end-to-end tests: ${found.executablePath ?? "Playwright's own"}`);
if (found.slower) {
  console.log(HEADLESS_SHELL_HINT);
  if (process.argv.includes('--want-headless-shell')) process.exit(3);
}
