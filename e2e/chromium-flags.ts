/**
 * How the tests and the benchmarks start Chromium on these machines: no sandbox, GPU or background
 * traffic that would make a run slower or noisier than the page itself makes it.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
