// The two WebAssembly packages ship no types for the entry points the worker imports.
declare module "rhino3dm/rhino3dm.module.js" {
  import rhino3dm from "rhino3dm";
  export default rhino3dm;
}
declare module "occt-import-js" {
  export interface OcctModule {
    ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): unknown;
  }
  const occtimportjs: (options?: { locateFile?: (path: string) => string }) => Promise<OcctModule>;
  export default occtimportjs;
}
