// `npm test`'s first step: stop at once, with the install instructions, when the end-to-end
// tests would find no Chromium (rather than after typecheck, lint, unit tests and size).
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';

const found = findChromium(chromium);
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
console.log(`Chromium for the end-to-end tests: ${found.executablePath ?? "Playwright's own"}`);
