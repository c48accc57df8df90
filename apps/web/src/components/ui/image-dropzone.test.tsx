import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkImageFiles, ImageDropzone } from "./image-dropzone";

const MB = 1024 * 1024;
const RULES = { maxFiles: 3, maxBytes: 10 * MB, accept: ["image/png", "image/jpeg", "image/gif"] } as const;

function file(name: string, type: string, size = 1024) {
  const f = new File(["x"], name, { type });
  Object.defineProperty(f, "size", { value: size });
  return f;
}

function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  return <ImageDropzone id="pics" files={files} onFilesChange={setFiles} hint="PNG, JPG, GIF up to 10MB" {...RULES} />;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("checkImageFiles", () => {
  it("accepts images within the limits and explains every refusal", () => {
    const ok = file("ring.png", "image/png");
    const { accepted, messages } = checkImageFiles([ok, file("huge.jpg", "image/jpeg", 11 * MB), file("notes.txt", "text/plain"), file("a.gif", "image/gif"), file("b.gif", "image/gif")], 1, RULES);
    expect(accepted.map((f) => f.name)).toEqual(["ring.png", "a.gif"]);
    expect(messages).toEqual([
      "“huge.jpg” is larger than 10 MB and was not added.",
      "“notes.txt” is not a PNG, JPG or GIF image and was not added.",
      "You can add up to 3 images; 1 image was not added.",
    ]);
  });

  it("takes exactly 10 MB", () => {
    expect(checkImageFiles([file("edge.png", "image/png", 10 * MB)], 0, RULES).accepted).toHaveLength(1);
  });
});

describe("ImageDropzone", () => {
  it("rejects a too-big file and a non-image with a message and does not add them", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    expect(screen.getByText("PNG, JPG, GIF up to 10MB")).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/Choose images/), [file("huge.png", "image/png", 12 * MB), file("brief.pdf", "application/pdf")]);

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("“huge.png” is larger than 10 MB and was not added.");
    expect(alert).toHaveTextContent("“brief.pdf” is not a PNG, JPG or GIF image and was not added.");
    expect(screen.queryByRole("list", { name: "Chosen images" })).not.toBeInTheDocument();
    expect(screen.getByText("0 of 3 images")).toBeInTheDocument();
  });

  it("shows removable thumbnails and stops at the maximum", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText(/Choose images/), [file("a.png", "image/png"), file("b.jpg", "image/jpeg")]);
    expect(screen.getByRole("img", { name: "a.png" })).toHaveAttribute("src", "blob:preview");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove a.png" }));
    expect(screen.queryByText("a.png")).not.toBeInTheDocument();
    expect(screen.getByText("b.jpg")).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/Choose images/), [file("c.png", "image/png"), file("d.png", "image/png"), file("e.png", "image/png")]);
    expect(screen.getByRole("alert")).toHaveTextContent("You can add up to 3 images; 1 image was not added.");
    expect(screen.getByText("3 of 3 images")).toBeInTheDocument();
    expect(screen.getByText("Image limit reached")).toBeInTheDocument();
  });
});
