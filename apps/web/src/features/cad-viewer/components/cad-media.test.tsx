import type { CadDesign, Order } from "@atelier/contract";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CadMedia } from "./cad-media";

const rendering = (n: number) => ({ id: `img-${n}`, image: `/files/r${n}.png`, thumbnail: `/files/r${n}-t.png`, preview: `/files/r${n}-p.png` });

function cad(version: number, overrides: Partial<CadDesign> = {}): CadDesign {
  return {
    id: `cad-${version}`,
    version,
    image: "/files/r1.png",
    images: [rendering(1), rendering(2), rendering(3)],
    model: null,
    description: "",
    is_approved: false,
    status: "pending_approval",
    approved_at: null,
    created_at: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

// CadMedia reads only the versions and the design's metal and type.
const orderWith = (versions: CadDesign[]) => ({ cad_designs: versions, design: { metal: "18K Rose Gold", design_type: "ring" } }) as unknown as Order;

describe("CadMedia (a version's renderings and 3D model on one stage)", () => {
  it("shows every rendering on the strip, one large, and opens the chosen one full size", async () => {
    const user = userEvent.setup();
    const onOpenImages = vi.fn();
    const version = cad(1);
    render(<CadMedia order={orderWith([version])} cad={version} onOpenImages={onOpenImages} />);
    const thumbs = screen.getAllByRole("button", { name: /^Show rendering/ });
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual(["Show rendering 1 of 3", "Show rendering 2 of 3", "Show rendering 3 of 3"]);
    expect(thumbs[0]).toHaveAttribute("aria-pressed", "true");
    await user.click(thumbs[1]!);
    expect(thumbs[1]).toHaveAttribute("aria-pressed", "true");
    expect(thumbs[0]).toHaveAttribute("aria-pressed", "false");
    const large = screen.getByRole("button", { name: "View CAD version 1 in full size (rendering 2 of 3)" });
    expect(large.querySelector("img")).toHaveAttribute("src", "/files/r2-p.png");
    await user.click(large);
    expect(onOpenImages).toHaveBeenCalledWith(version.images, 1, "CAD design, version 1");
    // No 3D file: no 3D tile.
    expect(screen.queryByRole("button", { name: /in 3D/ })).not.toBeInTheDocument();
  });

  it("offers an older version's model on its 3D tile, without loading it before it is asked for", () => {
    const model = { url: "/files/ring.stl", file_name: "ring.stl", format: "stl", size: 19_000 } as CadDesign["model"];
    const older = cad(1, { model, status: "superseded" });
    const newer = cad(2, { model });
    render(<CadMedia order={orderWith([older, newer])} cad={older} onOpenImages={vi.fn()} />);
    expect(screen.getByRole("button", { name: /^View version 1 in 3D \(STL, / })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "View CAD version 1 in full size (rendering 1 of 3)" })).toBeInTheDocument();
    expect(screen.queryByTestId("model-viewer")).not.toBeInTheDocument();
  });
});
