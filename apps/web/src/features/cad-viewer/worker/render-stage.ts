import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  Mesh,
  MeshMatcapMaterial,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from "three";
import { CAMERA_FOV, clipPlanes, initialOffset, type CameraState } from "../lib/camera";
import { METAL_FINISHES, type MetalFinish } from "../lib/metals";

const raf: (cb: () => void) => number =
  typeof self.requestAnimationFrame === "function" ? (cb) => self.requestAnimationFrame(cb) : (cb) => self.setTimeout(cb, 16);
const cancelRaf: (handle: number) => void =
  typeof self.cancelAnimationFrame === "function" ? (h) => self.cancelAnimationFrame(h) : (h) => self.clearTimeout(h);

/**
 * A studio "material capture" for polished metal, painted here (no download): what a mirror-like
 * sphere shows of a dark room with two soft boxes and a bright floor bounce. Tinted by the metal's
 * colour, it gives jewellery CAD's usual look with a shader that compiles in milliseconds; the
 * physically based material with a prefiltered environment it replaced took 6.5 s of compilation
 * on a software renderer (SwiftShader), and over 20 s in a worker on a loaded machine.
 */
function studioMatcap(size = 256): CanvasTexture<OffscreenCanvas> {
  const canvas = new OffscreenCanvas(size, size);
  const g = canvas.getContext("2d")!;
  const c = size / 2;
  g.fillStyle = "#000";
  g.fillRect(0, 0, size, size);
  g.save();
  g.beginPath();
  g.arc(c, c, c, 0, Math.PI * 2);
  g.clip();
  // The room: mid-tone at the centre of the sphere, darker towards the rim, a warm floor bounce below.
  const base = g.createRadialGradient(c * 0.85, c * 0.75, c * 0.05, c, c, c);
  base.addColorStop(0, "#f4f1ea");
  base.addColorStop(0.45, "#c9c4b9");
  base.addColorStop(0.8, "#77726a");
  base.addColorStop(1, "#2e2b27");
  g.fillStyle = base;
  g.fillRect(0, 0, size, size);
  const floor = g.createLinearGradient(0, c * 1.35, 0, size);
  floor.addColorStop(0, "rgba(255,250,240,0)");
  floor.addColorStop(1, "rgba(255,250,240,0.55)");
  g.fillStyle = floor;
  g.fillRect(0, c * 1.35, size, size);
  // A dark horizon band: the crisp contrast that reads as polished metal.
  g.fillStyle = "rgba(20,18,15,0.55)";
  g.fillRect(0, c * 1.12, size, c * 0.1);
  // Two soft boxes: a large key light up left, a strip light at the right.
  const softBox = (x: number, y: number, rx: number, ry: number, alpha: number) => {
    const light = g.createRadialGradient(x, y, 0, x, y, Math.max(rx, ry));
    light.addColorStop(0, `rgba(255,255,255,${alpha})`);
    light.addColorStop(0.6, `rgba(255,255,255,${alpha * 0.6})`);
    light.addColorStop(1, "rgba(255,255,255,0)");
    g.save();
    g.translate(x, y);
    g.scale(rx / Math.max(rx, ry), ry / Math.max(rx, ry));
    g.translate(-x, -y);
    g.fillStyle = light;
    g.beginPath();
    g.arc(x, y, Math.max(rx, ry), 0, Math.PI * 2);
    g.fill();
    g.restore();
  };
  softBox(c * 0.62, c * 0.5, c * 0.38, c * 0.26, 1);
  softBox(c * 1.62, c * 0.9, c * 0.1, c * 0.45, 0.85);
  g.restore();
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/**
 * One model drawn on one OffscreenCanvas inside the model worker, in polished metal (a studio
 * matcap tinted by the metal's colour). Everything WebGL does that can stall (context creation,
 * shader compilation, the first frame of a large mesh) happens on this thread, never on the
 * page's. The page sends the camera; a frame is drawn only when it moves.
 */
export class RenderStage {
  private readonly renderer: WebGLRenderer;
  private readonly camera = new PerspectiveCamera(CAMERA_FOV, 1, 0.1, 1000);
  private readonly scene = new Scene();
  private readonly material: MeshMatcapMaterial;
  private readonly mesh: Mesh;
  private frame = 0;
  private hasModel = false;
  /** Called after the first frame with the model is drawn. */
  onFirstFrame: (() => void) | null = null;

  constructor(canvas: OffscreenCanvas, metal: MetalFinish, width: number, height: number, pixelRatio: number) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true, powerPreference: "high-performance" });
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(Math.max(1, width), Math.max(1, height), false);
    this.renderer.outputColorSpace = SRGBColorSpace;
    const finish = METAL_FINISHES[metal];
    this.material = new MeshMatcapMaterial({ color: new Color(finish.color), matcap: studioMatcap() });
    // A placeholder (a degenerate triangle, nothing to see): the material's program is compiled now, while the model still downloads.
    const placeholder = new BufferGeometry();
    placeholder.setAttribute("position", new BufferAttribute(new Float32Array(9), 3));
    placeholder.setAttribute("normal", new BufferAttribute(new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), 3));
    this.mesh = new Mesh(placeholder, this.material);
    this.scene.add(this.mesh);
    this.camera.aspect = width && height ? width / height : 1;
    this.camera.updateProjectionMatrix();
    this.renderer.compile(this.scene, this.camera);
  }

  /** Puts the model (centred on the origin) on the stage; answers its bounding-sphere radius. */
  setModel(positions: Float32Array, normals: Float32Array): number {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    geometry.setAttribute("normal", new BufferAttribute(normals, 3));
    geometry.computeBoundingBox();
    const center = geometry.boundingBox!.getCenter(new Vector3());
    geometry.translate(-center.x, -center.y, -center.z);
    geometry.computeBoundingSphere();
    this.mesh.geometry.dispose();
    this.mesh.geometry = geometry;
    this.hasModel = true;
    const radius = Math.max(geometry.boundingSphere!.radius, 0.01);
    // The first view, drawn without waiting for the page's camera (the same pose the page starts from).
    const { near, far } = clipPlanes(radius);
    this.camera.position.set(...initialOffset(radius));
    this.camera.lookAt(0, 0, 0);
    this.camera.near = near;
    this.camera.far = far;
    this.camera.updateProjectionMatrix();
    this.requestRender();
    return radius;
  }

  setCamera(state: CameraState): void {
    this.camera.position.set(...state.position);
    this.camera.lookAt(...state.target);
    this.camera.aspect = state.aspect;
    this.camera.near = state.near;
    this.camera.far = state.far;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  resize(width: number, height: number, pixelRatio: number): void {
    if (!width || !height) return;
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  private requestRender(): void {
    if (this.frame || !this.hasModel) return;
    this.frame = raf(() => {
      this.frame = 0;
      this.renderer.render(this.scene, this.camera);
      const first = this.onFirstFrame;
      this.onFirstFrame = null;
      first?.();
    });
  }

  dispose(): void {
    if (this.frame) cancelRaf(this.frame);
    this.frame = 0;
    this.hasModel = false;
    this.mesh.geometry.dispose();
    this.material.matcap?.dispose();
    this.material.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
