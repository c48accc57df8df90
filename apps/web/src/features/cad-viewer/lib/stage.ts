import { CAMERA_FOV, clipPlanes, initialOffset, type CameraState } from "./camera";

export interface CameraPose {
  /** Camera position relative to the model's centre, in millimetres. */
  offset: [number, number, number];
}

type Vec3 = [number, number, number];

const EPS = 1e-6;
const DAMPING = 0.12;
/** Turntable speed, radians per second (a turn in about 25 s). */
const TURNTABLE = 0.25;

const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a: Vec3): Vec3 => scale(a, 1 / (Math.hypot(...a) || 1));

/**
 * The page's half of a model viewer: the camera and its orbit (drag), zoom (wheel, pinch) and pan
 * (right-drag, shift-drag, two fingers) around the model, with a little inertia, the turntable,
 * reset and linked cameras. It draws nothing and loads no three.js: each move is sent to the model
 * worker, which draws the frame (worker/render-stage.ts). Its work per move is a few multiplications,
 * so turning never blocks the page.
 */
export class ModelStage {
  private radius = 10;
  private target: Vec3 = [0, 0, 0];
  /** Spherical position of the camera around the target (Y up): distance, polar and azimuth angles. */
  private distance = 1;
  private polar = Math.PI / 2;
  private azimuth = 0;
  private aspect = 1;
  private velocity = { azimuth: 0, polar: 0 };
  private autoRotate = false;
  private frame = 0;
  private lastTick = 0;
  private disposed = false;
  private onUserMove: ((pose: CameraPose) => void) | null = null;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch: { distance: number; x: number; y: number } | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly send: (camera: CameraState) => void,
  ) {
    const options = { signal: this.abort.signal };
    canvas.style.touchAction = "none";
    canvas.addEventListener("pointerdown", (e) => this.onPointerDown(e), options);
    canvas.addEventListener("pointermove", (e) => this.onPointerMove(e), options);
    canvas.addEventListener("pointerup", (e) => this.onPointerUp(e), options);
    canvas.addEventListener("pointercancel", (e) => this.onPointerUp(e), options);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault(), options);
    canvas.addEventListener("wheel", (e) => this.onWheel(e), { ...options, passive: false });
  }

  /** Frames a model of this bounding-sphere radius (the worker has drawn it from the same pose). */
  setRadius(radius: number): void {
    this.radius = radius;
    this.reset();
  }

  setAspect(aspect: number): void {
    if (!Number.isFinite(aspect) || aspect <= 0) return;
    this.aspect = aspect;
    this.sendCamera();
  }

  /** Back to the first view: the whole model in frame, from the front and a little above. */
  reset(): void {
    this.target = [0, 0, 0];
    this.velocity = { azimuth: 0, polar: 0 };
    this.setOffset(initialOffset(this.radius));
    this.moved();
  }

  setTurntable(on: boolean): void {
    this.autoRotate = on;
    this.tick();
  }

  /** Called when the user moves the camera (not when another stage sets it); null to stop. */
  followUserMoves(listener: ((pose: CameraPose) => void) | null): void {
    this.onUserMove = listener;
  }

  pose(): CameraPose {
    return { offset: this.offset() };
  }

  /** Puts the camera where another stage's is (the comparison's linked cameras). */
  setPose(pose: CameraPose): void {
    this.target = [0, 0, 0];
    this.setOffset(pose.offset);
    this.sendCamera();
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.abort.abort();
  }

  private offset(): Vec3 {
    const s = Math.sin(this.polar) * this.distance;
    return [s * Math.sin(this.azimuth), Math.cos(this.polar) * this.distance, s * Math.cos(this.azimuth)];
  }

  private setOffset([x, y, z]: Vec3): void {
    this.distance = Math.max(Math.hypot(x, y, z), EPS);
    this.polar = Math.acos(Math.min(1, Math.max(-1, y / this.distance)));
    this.azimuth = Math.atan2(x, z);
  }

  private rotate(dAzimuth: number, dPolar: number): void {
    this.azimuth += dAzimuth;
    this.polar = Math.min(Math.PI - 0.01, Math.max(0.01, this.polar + dPolar));
  }

  private zoom(factor: number): void {
    this.distance = Math.min(this.radius * 12, Math.max(this.radius * 0.6, this.distance * factor));
  }

  /** Moves the target in the view's plane by a drag of (dx, dy) pixels. */
  private pan(dx: number, dy: number): void {
    const height = this.canvas.clientHeight || 1;
    const perPixel = (2 * this.distance * Math.tan((CAMERA_FOV * Math.PI) / 360)) / height;
    const forward = normalize(scale(this.offset(), -1));
    const right = normalize(cross(forward, [0, 1, 0]));
    const up = cross(right, forward);
    this.target = add(this.target, add(scale(right, -dx * perPixel), scale(up, dy * perPixel)));
  }

  private onPointerDown(e: PointerEvent): void {
    this.canvas.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.velocity = { azimuth: 0, polar: 0 };
    this.pinch = this.pointers.size === 2 ? this.twoFingers() : null;
  }

  private onPointerMove(e: PointerEvent): void {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x;
    const dy = e.clientY - last.y;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2 && this.pinch) {
      const now = this.twoFingers();
      if (now.distance > 0) this.zoom(this.pinch.distance / now.distance);
      this.pan(now.x - this.pinch.x, now.y - this.pinch.y);
      this.pinch = now;
    } else if (this.pointers.size === 1) {
      if (e.buttons === 2 || e.shiftKey || e.ctrlKey || e.metaKey) this.pan(dx, dy);
      else {
        // A drag across the canvas's height turns the model once around, as OrbitControls did.
        const perPixel = (2 * Math.PI) / (this.canvas.clientHeight || 1);
        this.velocity = { azimuth: -dx * perPixel, polar: -dy * perPixel };
        this.rotate(this.velocity.azimuth, this.velocity.polar);
      }
    }
    this.moved();
  }

  private onPointerUp(e: PointerEvent): void {
    this.pointers.delete(e.pointerId);
    this.pinch = null;
    if (this.canvas.hasPointerCapture?.(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    // Inertia: the turn goes on a little and slows down.
    if (this.pointers.size === 0) this.tick();
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * 100 : e.deltaY;
    this.zoom(Math.pow(0.95, -Math.max(-10, Math.min(10, delta / 20))));
    this.moved();
  }

  private twoFingers() {
    const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  private moved(): void {
    this.onUserMove?.(this.pose());
    this.sendCamera();
  }

  /** Runs the inertia after a drag and the turntable, one step per animation frame. */
  private tick(): void {
    if (this.frame || this.disposed) return;
    this.lastTick = performance.now();
    const step = (now: number) => {
      this.frame = 0;
      const seconds = Math.min(0.1, (now - this.lastTick) / 1000);
      this.lastTick = now;
      let moving = false;
      if (this.pointers.size === 0 && (Math.abs(this.velocity.azimuth) > EPS || Math.abs(this.velocity.polar) > EPS)) {
        this.velocity = { azimuth: this.velocity.azimuth * (1 - DAMPING * 4), polar: this.velocity.polar * (1 - DAMPING * 4) };
        this.rotate(this.velocity.azimuth, this.velocity.polar);
        moving = true;
      }
      if (this.autoRotate) {
        this.rotate(TURNTABLE * seconds, 0);
        moving = true;
      }
      if (moving) {
        this.moved();
        if (!this.disposed) this.frame = requestAnimationFrame(step);
      }
    };
    this.frame = requestAnimationFrame(step);
  }

  private sendCamera(): void {
    if (this.disposed) return;
    const { near, far } = clipPlanes(this.radius);
    this.send({ position: add(this.target, this.offset()), target: this.target, aspect: this.aspect, near, far });
  }
}
