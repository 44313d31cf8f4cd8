export const INSTALL_HELP: string;
export function findChromium(playwrightChromium: {
  executablePath(): string;
}): { executablePath: string | undefined; error?: undefined } | { executablePath?: undefined; error: string };
