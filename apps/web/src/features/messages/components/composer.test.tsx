import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "@/test/fake-xhr";
import { holdFetch, renderRoutes, sentBody, stubFetch } from "@/test/render";
import { Composer } from "./composer";

const posts = (calls: { url: string; init: RequestInit }[]) => calls.filter((c) => c.init.method === "POST");

function renderComposer() {
  renderRoutes([{ path: "/m", element: <Composer conversationId="c1" /> }], "/m");
  return { box: screen.getByLabelText("Your message"), send: screen.getByRole("button", { name: "Send Message" }) };
}

describe("message composer", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));
  afterEach(() => vi.unstubAllGlobals());

  it("sends the trimmed text once, however often it is clicked while sending, and empties the box", async () => {
    const calls = stubFetch(() => ({ status: 201, body: {} }));
    const release = holdFetch((url) => url.endsWith("/api/messages/c1/"));
    const { box, send } = renderComposer();
    expect(send).toBeDisabled();
    await userEvent.type(box, "  Can the band be thinner?  ");
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    await userEvent.click(send);
    release();
    await waitFor(() => expect(box).toHaveValue(""));
    expect(posts(calls)).toHaveLength(1);
    expect(sentBody(posts(calls)[0])).toEqual({ text: "Can the band be thinner?" });
  });

  it("shows the server's refusal of the text under it", async () => {
    stubFetch(() => ({ status: 400, body: { text: ["Ensure this field has no more than 5000 characters."] } }));
    const { box, send } = renderComposer();
    await userEvent.type(box, "Hello");
    await userEvent.click(send);
    await waitFor(() => expect(box).toHaveAccessibleDescription("Ensure this field has no more than 5000 characters."));
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveValue("Hello");
  });

  it("refuses a file over 10 MB before sending and tells why under the text", () => {
    const requests = stubXhr();
    stubFetch(() => ({ status: 201, body: {} }));
    const { box } = renderComposer();
    const huge = new File(["x"], "scan.pdf", { type: "application/pdf" });
    Object.defineProperty(huge, "size", { value: 11 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId("attach-input"), { target: { files: [huge] } });
    expect(box).toHaveAccessibleDescription('"scan.pdf" is larger than 10 MB.');
    expect(screen.queryByRole("list", { name: "Files to send" })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
