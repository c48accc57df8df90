import type { CadDesign } from "@atelier/contract";
import { Download, Maximize, Minimize, RotateCcw, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { InlineAlert } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import type { MetalFinish } from "../lib/metals";
import { METAL_FINISHES } from "../lib/metals";
import { takeModel } from "../lib/model-prefetch";
import { parseModelInWorker } from "../lib/parse-client";
import { ModelStage } from "../lib/stage";

type Model = NonNullable<CadDesign["model"]>;
type State =
  | { phase: "downloading" | "reading" }
  | { phase: "ready"; size: [number, number, number]; innerDiameter: number | null; triangles: number }
  | { phase: "error"; message: string };

const mm = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * One version's 3D file on a canvas: downloads it, reads it in the worker, shows it in polished
 * metal with orbit, zoom, pan, reset, turntable and full screen, and its size in millimetres.
 * A file that cannot be read says so (the renderings beside it are unaffected).
 */
export function ModelCanvas({
  model,
  version,
  metal,
  ring,
  label,
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
  /** Hands out the stage once the model is on it (the comparison links two cameras). */
  onStage?: (stage: ModelStage | null) => void;
  className?: string;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<ModelStage | null>(null);
  const [state, setState] = useState<State>({ phase: "downloading" });
  const [attempt, setAttempt] = useState(0);
  const [turntable, setTurntable] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const onStageRef = useRef(onStage);
  useEffect(() => {
    onStageRef.current = onStage;
  });

  useEffect(() => {
    let cancelled = false;
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
      let parsed;
      try {
        parsed = await parseModelInWorker(model.format, buffer, ring);
      } catch (err) {
        if (!cancelled) setState({ phase: "error", message: err instanceof Error ? err.message : "This 3D file could not be read." });
        return;
      }
      if (cancelled || !canvasRef.current) return;
      performance.mark("cad-model:parsed");
      let stage: ModelStage;
      try {
        stage = new ModelStage(canvasRef.current, metal);
      } catch {
        setState({ phase: "error", message: "This browser cannot show 3D models (WebGL is turned off or unavailable)." });
        return;
      }
      stageRef.current = stage;
      stage.setModel(parsed.positions, parsed.normals);
      // "Ready" once the first frame with the model is drawn: then it answers the pointer.
      stage.onRender = () => {
        stage.onRender = null;
        performance.mark("cad-model:ready");
        if (!cancelled) setState({ phase: "ready", size: parsed.size, innerDiameter: parsed.innerDiameter, triangles: parsed.triangles });
        onStageRef.current?.(stage);
      };
    })();
    return () => {
      cancelled = true;
      onStageRef.current?.(null);
      stageRef.current?.dispose();
      stageRef.current = null;
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
    <div className={cn("flex min-w-0 flex-col gap-2", className)} data-testid="model-viewer" data-version={version} data-state={state.phase} data-format={model.format}>
      <div
        ref={frameRef}
        className={cn(
          "relative overflow-hidden rounded-md bg-[radial-gradient(circle_at_50%_35%,var(--color-surface),var(--color-surface-muted))]",
          fullscreen ? "flex h-full w-full items-center justify-center bg-surface" : "aspect-[4/3] w-full",
        )}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          className={cn("block size-full touch-none outline-none", !ready && "invisible")}
          data-testid="model-canvas"
        />
        {(state.phase === "downloading" || state.phase === "reading") && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-muted" role="status">
            <span className="size-8 animate-spin rounded-full border-2 border-accent/30 border-t-accent motion-reduce:animate-none" aria-hidden />
            {state.phase === "downloading" ? "Downloading the 3D model…" : "Preparing the 3D model…"}
          </div>
        )}
        {state.phase === "error" && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
            <InlineAlert testId="model-error" className="max-w-sm text-left">
              {state.message} The renderings still show the design.
            </InlineAlert>
            <div className="flex flex-wrap justify-center gap-2">
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
              <Button asChild variant="ghost" size="sm">
                <a href={model.url} download={model.file_name}>
                  <Download aria-hidden /> Download file
                </a>
              </Button>
            </div>
          </div>
        )}
        {ready && (
          <div className="absolute right-2 top-2 flex gap-1 rounded-md bg-surface/90 p-1 shadow-sm">
            <ToolButton label="Reset view" onClick={() => stageRef.current?.reset()}>
              <RotateCcw />
            </ToolButton>
            <ToolButton
              label="Turntable"
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
        )}
      </div>
      {ready && (
        <div className="flex flex-col gap-0.5 text-xs text-muted">
          <p data-testid="model-size">
            <span className="font-medium text-foreground">
              {state.size.map((v) => mm.format(v)).join(" × ")} mm
            </span>{" "}
            (width × height × depth) · {METAL_FINISHES[metal].label}
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

function ToolButton({ label, pressed, onClick, children }: { label: string; pressed?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "flex size-8 cursor-pointer items-center justify-center rounded text-foreground transition-colors hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 [&_svg]:size-4",
        pressed && "bg-accent-soft text-accent-strong",
      )}
    >
      {children}
    </button>
  );
}
