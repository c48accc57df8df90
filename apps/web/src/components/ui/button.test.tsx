import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is disabled while loading, even when the caller says it is not disabled", () => {
    render(
      <Button disabled={false} loading>
        Send reply
      </Button>,
    );
    expect(screen.getByRole("button", { name: "Send reply" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send reply" })).toHaveAttribute("aria-busy", "true");
  });

  it("follows disabled when not loading", () => {
    render(<Button disabled>Save</Button>);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});
