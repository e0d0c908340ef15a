import { cleanup } from "@testing-library/react";
import { afterAll, vi } from "vitest";

/**
 * The web tests share one jsdom per worker (vitest.config.ts: `isolate: false`; creating a jsdom
 * for each file cost most of the project's time). Each file leaves it as it found it: nothing
 * rendered, real timers, the real globals, and modules imported afresh by the next file, so a
 * file's mocks and module state never reach another.
 */
afterAll(() => {
  cleanup();
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});
