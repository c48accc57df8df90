import {
  ACESFilmicToneMapping,
  BufferAttribute,
  BufferGeometry,
  Color,
  Mesh,
  MeshPhysicalMaterial,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { RoomEnvironment } from "three/examples/jsm/environments/RoomEnvironment.js";
import { METAL_FINISHES, type MetalFinish } from "./metals";

/** Where the camera looks from at first and after Reset: in front, a little above and to the side. */
const VIEW_DIRECTION = new Vector3(0.55, 0.45, 1).normalize();

export interface CameraPose {
  /** Camera position relative to the model's centre, in millimetres. */
  offset: [number, number, number];
}

/**
 * One model on one canvas: a polished-metal material lit by a room environment built on the page
 * (no HDR download), orbit/zoom/pan by mouse and touch, a turntable, and drawing only when
 * something moved (a still model costs nothing).
 */
export class ModelStage {
  readonly renderer: WebGLRenderer;
  readonly camera = new PerspectiveCamera(30, 1, 0.1, 1000);
  readonly controls: OrbitControls;
  private readonly scene = new Scene();
  private readonly material: MeshPhysicalMaterial;
  private mesh: Mesh | null = null;
  private radius = 10;
  private frame = 0;
  private disposed = false;
  private readonly resizeObserver: ResizeObserver;
  /** Called after each frame is drawn. */
  onRender: (() => void) | null = null;
  private onUserMove: ((pose: CameraPose) => void) | null = null;
  private applyingPose = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    metal: MetalFinish,
  ) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true, powerPreference: "high-performance" });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = ACESFilmicToneMapping;
    this.renderer.toneMappingExposure = 1.05;
    const pmrem = new PMREMGenerator(this.renderer);
    const room = new RoomEnvironment();
    this.scene.environment = pmrem.fromScene(room, 0.04).texture;
    room.dispose();
    pmrem.dispose();
    const finish = METAL_FINISHES[metal];
    this.material = new MeshPhysicalMaterial({
      color: new Color(finish.color),
      metalness: 1,
      roughness: finish.roughness,
      envMapIntensity: 1.2,
    });
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    this.controls.autoRotateSpeed = 2.5;
    this.controls.addEventListener("change", () => {
      if (!this.applyingPose) this.onUserMove?.(this.pose());
      this.requestRender();
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();
  }

  setModel(positions: Float32Array, normals: Float32Array): void {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    geometry.setAttribute("normal", new BufferAttribute(normals, 3));
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    const center = geometry.boundingBox!.getCenter(new Vector3());
    geometry.translate(-center.x, -center.y, -center.z);
    if (this.mesh) {
      this.scene.remove(this.mesh);
      this.mesh.geometry.dispose();
    }
    this.mesh = new Mesh(geometry, this.material);
    this.scene.add(this.mesh);
    this.radius = Math.max(geometry.boundingSphere!.radius, 0.01);
    this.camera.near = this.radius / 100;
    this.camera.far = this.radius * 100;
    this.controls.minDistance = this.radius * 0.6;
    this.controls.maxDistance = this.radius * 12;
    this.reset();
  }

  /** Back to the first view: the whole model in frame, from the front and a little above. */
  reset(): void {
    const distance = (this.radius / Math.sin((this.camera.fov * Math.PI) / 360)) * 1.15;
    this.controls.target.set(0, 0, 0);
    this.camera.position.copy(VIEW_DIRECTION).multiplyScalar(distance);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.requestRender();
  }

  setTurntable(on: boolean): void {
    this.controls.autoRotate = on;
    this.requestRender();
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
    this.requestRender();
  }

  requestRender(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const moving = this.controls.update();
      this.renderer.render(this.scene, this.camera);
      this.onRender?.();
      if (moving || this.controls.autoRotate) this.requestRender();
    });
  }

  private resize(): void {
    const { clientWidth: w, clientHeight: h } = this.canvas;
    if (!w || !h) return;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.mesh?.geometry.dispose();
    this.material.dispose();
    this.scene.environment?.dispose();
    this.renderer.dispose();
  }
}
