export const INSTALL_HELP: string;
export const HEADLESS_SHELL_HINT: string;
export function findChromium(
  playwrightChromium: { executablePath(): string },
  options?: { headless?: boolean },
): { executablePath: string | undefined; slower?: boolean; error?: undefined } | { executablePath?: undefined; error: string };
export function headedRun(): boolean;
