/**
 * The camera as the page and the model worker share it. The page turns the camera (lib/stage.ts,
 * on the real canvas); the worker draws with a copy of it. Plain numbers only: this file is imported on
 * both sides and by neither's heavy code.
 */
export interface CameraState {
  position: [number, number, number];
  /** The point it looks at (Y up). */
  target: [number, number, number];
  aspect: number;
  near: number;
  far: number;
}

/** Vertical field of view of the viewer's camera, in degrees. */
export const CAMERA_FOV = 30;

/** Where the camera looks from at first and after Reset: in front, a little above and to the side. */
const VIEW = [0.55, 0.45, 1] as const;
const VIEW_LENGTH = Math.hypot(...VIEW);

/** The first view of a model of this bounding-sphere radius: the whole model in frame. */
export function initialOffset(radius: number): [number, number, number] {
  const distance = (radius / Math.sin((CAMERA_FOV * Math.PI) / 360)) * 1.15;
  return [(VIEW[0] / VIEW_LENGTH) * distance, (VIEW[1] / VIEW_LENGTH) * distance, (VIEW[2] / VIEW_LENGTH) * distance];
}

/** Near and far planes that keep a model of this radius sharp from the closest to the farthest zoom. */
export const clipPlanes = (radius: number) => ({ near: radius / 100, far: radius * 100 });
