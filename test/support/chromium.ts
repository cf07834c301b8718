// Where the browser tests' Chromium is: Debian's package (scripts/test.ts installs it when missing), or another
// build named by CONFGATE_TEST_CHROMIUM. No imports, so scripts/test.ts can check it before anything runs.
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM = process.env['CONFGATE_TEST_CHROMIUM'] || DEBIAN_CHROMIUM;
