import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  // Tests run beside builds and browsers on a machine that may be busy, and pages poll: a wait for what a
  // user would see (findBy…, waitFor) may take up to 10 s before it fails.
  configure({ asyncUtilTimeout: 10_000 });
}

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
