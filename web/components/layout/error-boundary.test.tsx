import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./error-boundary.js";

function Broken(): never {
  throw new Error("render exploded");
}

afterEach(() => vi.restoreAllMocks());

describe("ErrorBoundary", () => {
  it("replaces the app with the reference's heading and logs the error", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong. Please try again later.");
    expect(log.mock.calls.some((call) => call.includes("Uncaught render error"))).toBe(true);
  });

  it("renders its children when nothing fails", () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("All good")).toBeTruthy();
  });
});
