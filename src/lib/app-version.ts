/** The frontend's version (package.json, injected at build time); a fallback keeps unit tests and tools working. */
export const FRONTEND_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';

/** Build label shown in the shell (docs/shell.md, Version check: `v{version}`). */
export const BUILD_LABEL = `v${FRONTEND_VERSION}`;
