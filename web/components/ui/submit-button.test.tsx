import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { SubmitButton } from "./submit-button.js";

afterEach(cleanup);

describe("SubmitButton", () => {
  it("is disabled in the pre-rendered HTML, so the form cannot be sent before the script runs", () => {
    const html = renderToString(<SubmitButton>Log In</SubmitButton>);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it("is enabled in the browser, and disabled again while the request runs", () => {
    const { rerender } = render(<SubmitButton pendingLabel="Logging in...">Log In</SubmitButton>);
    expect((screen.getByRole("button", { name: "Log In" }) as HTMLButtonElement).disabled).toBe(false);
    rerender(
      <SubmitButton pending pendingLabel="Logging in...">
        Log In
      </SubmitButton>,
    );
    expect((screen.getByRole("button", { name: "Logging in..." }) as HTMLButtonElement).disabled).toBe(true);
  });
});
