import { describe, expect, it, vi } from "vitest";
import { clipPlanes, initialOffset, type CameraState } from "./camera";
import { ModelStage } from "./stage";

function setUp() {
  const canvas = document.createElement("canvas");
  Object.defineProperty(canvas, "clientHeight", { value: 400 });
  const sent: CameraState[] = [];
  const stage = new ModelStage(canvas, (camera) => sent.push(camera));
  const pointer = (type: string, init: { x: number; y: number; buttons?: number; id?: number }) => {
    const event = new MouseEvent(type, { clientX: init.x, clientY: init.y, buttons: init.buttons ?? 1, bubbles: true, cancelable: true });
    Object.defineProperty(event, "pointerId", { value: init.id ?? 1 });
    canvas.dispatchEvent(event);
  };
  return { canvas, sent, stage, pointer, last: () => sent.at(-1)! };
}

const distance = (c: CameraState) => Math.hypot(c.position[0] - c.target[0], c.position[1] - c.target[1], c.position[2] - c.target[2]);

describe("ModelStage (the page's camera; the worker draws)", () => {
  it("frames a model from the same first view the worker draws, with clip planes for its size", () => {
    const { stage, last } = setUp();
    stage.setRadius(10);
    const camera = last();
    initialOffset(10).forEach((v, i) => expect(camera.position[i]).toBeCloseTo(v, 6));
    expect(camera.target).toEqual([0, 0, 0]);
    expect({ near: camera.near, far: camera.far }).toEqual(clipPlanes(10));
  });

  it("turns around the model on a drag, keeping its distance, and tells a linked stage", () => {
    const { stage, pointer, last } = setUp();
    stage.setRadius(10);
    const before = last();
    const moves = vi.fn();
    stage.followUserMoves(moves);
    pointer("pointerdown", { x: 100, y: 100 });
    pointer("pointermove", { x: 150, y: 100 });
    const after = last();
    expect(after.position).not.toEqual(before.position);
    expect(distance(after)).toBeCloseTo(distance(before), 6);
    // Turning about the vertical axis leaves the height alone.
    expect(after.position[1]).toBeCloseTo(before.position[1], 6);
    expect(moves).toHaveBeenCalledWith({ offset: after.position });
  });

  it("pans with the right button: the target moves with the camera", () => {
    const { stage, pointer, last } = setUp();
    stage.setRadius(10);
    pointer("pointerdown", { x: 100, y: 100, buttons: 2 });
    pointer("pointermove", { x: 140, y: 120, buttons: 2 });
    expect(last().target).not.toEqual([0, 0, 0]);
  });

  it("zooms with the wheel within 0.6 to 12 radii", () => {
    const { canvas, stage, last } = setUp();
    stage.setRadius(10);
    for (let i = 0; i < 100; i++) canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: -500, cancelable: true }));
    expect(distance(last())).toBeCloseTo(6, 6);
    for (let i = 0; i < 200; i++) canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: 500, cancelable: true }));
    expect(distance(last())).toBeCloseTo(120, 6);
  });

  it("takes another stage's pose without reporting it as a move of its own", () => {
    const { stage, last } = setUp();
    stage.setRadius(10);
    const moves = vi.fn();
    stage.followUserMoves(moves);
    stage.setPose({ offset: [0, 30, 40] });
    expect(last().position[1]).toBeCloseTo(30, 6);
    expect(last().position[2]).toBeCloseTo(40, 6);
    stage.pose().offset.forEach((v, i) => expect(v).toBeCloseTo([0, 30, 40][i]!, 6));
    expect(moves).not.toHaveBeenCalled();
  });

  it("stops listening once disposed", () => {
    const { stage, pointer, sent } = setUp();
    stage.setRadius(10);
    stage.dispose();
    const count = sent.length;
    pointer("pointerdown", { x: 100, y: 100 });
    pointer("pointermove", { x: 150, y: 100 });
    expect(sent).toHaveLength(count);
  });
});
