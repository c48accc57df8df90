import { PerspectiveCamera } from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { CAMERA_FOV, clipPlanes, initialOffset, type CameraState } from "./camera";

export interface CameraPose {
  /** Camera position relative to the model's centre, in millimetres. */
  offset: [number, number, number];
}

/**
 * The page's half of a model viewer: the camera and its orbit/zoom/pan by mouse and touch (three's
 * OrbitControls on the real canvas), the turntable, reset and linked cameras. It draws nothing:
 * each move is sent to the model worker, which draws the frame (see worker/render-stage.ts).
 * The page's work per frame is a few matrix products, so turning never blocks it.
 */
export class ModelStage {
  readonly camera = new PerspectiveCamera(CAMERA_FOV, 1, 0.1, 1000);
  readonly controls: OrbitControls;
  private radius = 10;
  private frame = 0;
  private disposed = false;
  private onUserMove: ((pose: CameraPose) => void) | null = null;
  private applyingPose = false;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly send: (camera: CameraState) => void,
  ) {
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    this.controls.autoRotateSpeed = 2.5;
    this.controls.addEventListener("change", () => {
      if (!this.applyingPose) this.onUserMove?.(this.pose());
      this.sendCamera();
      this.tick();
    });
  }

  /** Frames a model of this bounding-sphere radius (the worker has drawn it from the same pose). */
  setRadius(radius: number): void {
    this.radius = radius;
    const { near, far } = clipPlanes(radius);
    this.camera.near = near;
    this.camera.far = far;
    this.controls.minDistance = radius * 0.6;
    this.controls.maxDistance = radius * 12;
    this.reset();
  }

  setAspect(aspect: number): void {
    if (!Number.isFinite(aspect) || aspect <= 0) return;
    this.camera.aspect = aspect;
    this.camera.updateProjectionMatrix();
    this.sendCamera();
  }

  /** Back to the first view: the whole model in frame, from the front and a little above. */
  reset(): void {
    this.controls.target.set(0, 0, 0);
    this.camera.position.set(...initialOffset(this.radius));
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.sendCamera();
  }

  setTurntable(on: boolean): void {
    this.controls.autoRotate = on;
    this.tick();
  }

  /** Called when the user moves the camera (not when another stage sets it); null to stop. */
  followUserMoves(listener: ((pose: CameraPose) => void) | null): void {
    this.onUserMove = listener;
  }

  pose(): CameraPose {
    const o = this.camera.position.clone().sub(this.controls.target);
    return { offset: [o.x, o.y, o.z] };
  }

  /** Puts the camera where another stage's is (the comparison's linked cameras). */
  setPose(pose: CameraPose): void {
    this.applyingPose = true;
    this.controls.target.set(0, 0, 0);
    this.camera.position.set(...pose.offset);
    this.controls.update();
    this.applyingPose = false;
    this.sendCamera();
  }

  private sendCamera(): void {
    if (this.disposed) return;
    const { position: p, quaternion: q, aspect, near, far } = this.camera;
    this.send({ position: [p.x, p.y, p.z], quaternion: [q.x, q.y, q.z, q.w], aspect, near, far });
  }

  /** Keeps the controls updating while they move by themselves (damping after a drag, the turntable). */
  private tick(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      // update() fires "change" (and so sends the camera and ticks again) while anything still moves.
      this.controls.update();
      if (this.controls.autoRotate) this.tick();
    });
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.controls.dispose();
  }
}
