import type { CadDesign } from "@atelier/contract";
import { Download, Maximize, Minimize, RotateCcw, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { InlineAlert } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import type { MetalFinish } from "../lib/metals";
import { METAL_FINISHES } from "../lib/metals";
import { takeModel } from "../lib/model-prefetch";
import { ModelStage } from "../lib/stage";
import { canDrawInWorker, WorkerViewer } from "../lib/viewer-client";

type Model = NonNullable<CadDesign["model"]>;
type State =
  | { phase: "downloading" | "reading" }
  | { phase: "ready"; size: [number, number, number]; innerDiameter: number | null; triangles: number }
  | { phase: "error"; message: string };

const mm = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

/**
 * One version's 3D file: downloads it, and the model worker reads and draws it on this canvas
 * (handed over with transferControlToOffscreen), so WebGL's set-up and shader compilation never
 * run on the page's thread. Polished metal with orbit, zoom, pan, reset, turntable and full screen,
 * its size in millimetres. Until the first frame the version's rendering shows in its place; a file
 * that cannot be read says so (the renderings are unaffected).
 */
export function ModelCanvas({
  model,
  version,
  metal,
  ring,
  label,
  poster,
  onStage,
  className,
}: {
  model: Model;
  /** The CAD version the model belongs to (data-version, for tests and the bench). */
  version: number;
  metal: MetalFinish;
  ring: boolean;
  /** What the canvas shows, for screen readers ("3D model of version 2"). */
  label: string;
  /** A rendering of the version, shown while the model is prepared. */
  poster?: string | undefined;
  /** Hands out the stage once the model is on it (the comparison links two cameras). */
  onStage?: (stage: ModelStage | null) => void;
  className?: string;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const holderRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<ModelStage | null>(null);
  const [liveState, setState] = useState<State>({ phase: "downloading" });
  const drawable = canDrawInWorker();
  const state: State = drawable
    ? liveState
    : { phase: "error", message: "This browser cannot show 3D models (it cannot draw them off the page's thread)." };
  const [attempt, setAttempt] = useState(0);
  const [turntable, setTurntable] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const onStageRef = useRef(onStage);
  const labelRef = useRef(label);
  useEffect(() => {
    onStageRef.current = onStage;
    labelRef.current = label;
  });

  useEffect(() => {
    const holder = holderRef.current;
    if (!holder) return;
    if (!canDrawInWorker()) return;
    let cancelled = false;
    // A canvas of its own for each attempt: a canvas is handed to the worker once and for all.
    const canvas = document.createElement("canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", labelRef.current);
    canvas.dataset.testid = "model-canvas";
    canvas.className = "absolute inset-0 block size-full touch-none outline-none";
    holder.prepend(canvas);
    const size = () => ({ width: holder.clientWidth, height: holder.clientHeight, pixelRatio: pixelRatio() });
    let readyState: State | null = null;
    const viewer = new WorkerViewer(canvas, metal, size(), {
      onParsed: (parsed) => {
        if (cancelled) return;
        performance.mark("cad-model:parsed");
        stage.setAspect(holder.clientWidth / holder.clientHeight);
        stage.setRadius(parsed.radius);
        readyState = { phase: "ready", size: parsed.size, innerDiameter: parsed.innerDiameter, triangles: parsed.triangles };
      },
      // "Ready" once the first frame with the model is drawn: then it answers the pointer.
      onFrame: (timings) => {
        if (cancelled || !readyState) return;
        performance.mark("cad-model:ready", { detail: timings });
        stageRef.current = stage;
        setState(readyState);
        onStageRef.current?.(stage);
      },
      onError: (message) => {
        if (!cancelled) setState({ phase: "error", message });
      },
    });
    const stage = new ModelStage(canvas, (camera) => viewer.setCamera(camera));
    const resizeObserver = new ResizeObserver(() => {
      const { width, height, pixelRatio: ratio } = size();
      // Hidden (another rendering is shown in its place): nothing to draw.
      if (!width || !height) return;
      viewer.resize(width, height, ratio);
      stage.setAspect(width / height);
    });
    resizeObserver.observe(holder);

    void (async () => {
      // Marks for `npm run bench:web -- --cad` (time to interactive and its parts).
      performance.mark("cad-model:download-start");
      let buffer: ArrayBuffer;
      try {
        // Attempts after a failure download afresh (the prefetch is taken once).
        buffer = await takeModel(model.url);
      } catch {
        if (!cancelled) setState({ phase: "error", message: "The 3D file could not be downloaded. Check your connection and try again." });
        return;
      }
      if (cancelled) return;
      performance.mark("cad-model:downloaded");
      setState({ phase: "reading" });
      viewer.showModel(model.format, buffer, ring);
    })();
    return () => {
      cancelled = true;
      resizeObserver.disconnect();
      onStageRef.current?.(null);
      stage.dispose();
      viewer.close();
      stageRef.current = null;
      canvas.remove();
    };
  }, [model.url, model.format, metal, ring, attempt]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  const ready = state.phase === "ready";
  return (
    <div
      className={cn("flex min-w-0 flex-col gap-2", className)}
      data-testid="model-viewer"
      data-version={version}
      data-state={state.phase}
      data-format={model.format}
    >
      <div
        ref={frameRef}
        className={cn("flex flex-col overflow-hidden rounded-md border border-border bg-surface", fullscreen && "h-full w-full")}
      >
        {/* The tools sit above the model, never over it. */}
        <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1">
          <p className="min-w-0 truncate text-xs text-muted">3D model · {METAL_FINISHES[metal].label}</p>
          <div className="flex shrink-0 gap-1" role="group" aria-label={`${label}: view`}>
            <ToolButton label="Reset view" disabled={!ready} onClick={() => stageRef.current?.reset()}>
              <RotateCcw />
            </ToolButton>
            <ToolButton
              label="Turntable"
              disabled={!ready}
              pressed={turntable}
              onClick={() => {
                setTurntable(!turntable);
                stageRef.current?.setTurntable(!turntable);
              }}
            >
              <RotateCw />
            </ToolButton>
            <ToolButton label={fullscreen ? "Exit full screen" : "Full screen"} onClick={toggleFullscreen}>
              {fullscreen ? <Minimize /> : <Maximize />}
            </ToolButton>
          </div>
        </div>
        <div
          ref={holderRef}
          className={cn(
            "relative w-full overflow-hidden bg-[radial-gradient(circle_at_50%_35%,var(--color-surface),var(--color-surface-muted))]",
            fullscreen ? "min-h-0 flex-1" : "aspect-[4/3] sm:aspect-[16/10]",
            !ready && "[&>canvas]:invisible",
          )}
        >
          {(state.phase === "downloading" || state.phase === "reading") && (
            <>
              {poster && <img src={poster} alt="" className="absolute inset-0 size-full object-contain opacity-60" />}
              <div className="absolute inset-x-0 bottom-3 flex justify-center" role="status">
                <span className="flex items-center gap-2 rounded-full bg-surface/95 px-3 py-1.5 text-xs text-muted shadow-sm">
                  <span
                    className="size-3.5 animate-spin rounded-full border-2 border-accent/30 border-t-accent motion-reduce:animate-none"
                    aria-hidden
                  />
                  {state.phase === "downloading" ? "Downloading the 3D model…" : "Preparing the 3D model…"}
                </span>
              </div>
            </>
          )}
          {state.phase === "error" && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
              <InlineAlert testId="model-error" className="max-w-sm text-left">
                {state.message} The renderings still show the design.
              </InlineAlert>
              <div className="flex flex-wrap justify-center gap-2">
                {drawable && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setState({ phase: "downloading" });
                      setTurntable(false);
                      setAttempt((n) => n + 1);
                    }}
                  >
                    Try again
                  </Button>
                )}
                <Button asChild variant="ghost" size="sm">
                  <a href={model.url} download={model.file_name}>
                    <Download aria-hidden /> Download file
                  </a>
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
      {ready && (
        <div className="flex flex-col gap-0.5 text-xs text-muted">
          <p data-testid="model-size">
            <span className="font-medium text-foreground">{state.size.map((v) => mm.format(v)).join(" × ")} mm</span> (width × height ×
            depth) · {METAL_FINISHES[metal].label}
          </p>
          {state.innerDiameter !== null && (
            <p data-testid="model-inner-diameter">
              Inner diameter <span className="font-medium text-foreground">{mm.format(state.innerDiameter)} mm</span>
            </p>
          )}
          <p className="hidden sm:block">Drag to turn · scroll to zoom · right-drag to pan</p>
          <p className="sm:hidden">Drag to turn · pinch to zoom · two fingers to pan</p>
        </div>
      )}
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "flex size-8 cursor-pointer items-center justify-center rounded text-foreground transition-colors hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent [&_svg]:size-4",
        pressed && "bg-accent-soft text-accent-strong",
      )}
    >
      {children}
    </button>
  );
}
