import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor wait up to 5 s: on a loaded two-core machine the first render of a screen
// (lazy chunks, Radix, the query) can take longer than the 1 s default. It bounds waits, it times nothing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// A test fails on any unexpected console.error (React warnings included).
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  consoleError(...args);
  throw new Error(`console.error: ${args.map(String).join(" ")}`);
};

if (!window.matchMedia) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}
