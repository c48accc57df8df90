import { describe, expect, it } from "vitest";
import { limitNesting } from "./html-depth.ts";

describe("limitNesting", () => {
  it("leaves ordinary pages untouched", () => {
    const html =
      '<html><body><ul><li>a<li>b</ul><p>one<p>two<img src="x.jpg"><br><script>if (a < b) { x = "<div>"; }</script></body></html>';
    expect(limitNesting(html, 5)).toBe(html);
  });

  it("drops tags beyond the limit but keeps their text", () => {
    const html = `${"<div>".repeat(10)}deep text${"</div>".repeat(10)}<h1>Title</h1>`;
    const limited = limitNesting(html, 3);
    expect(limited).toBe(`${"<div>".repeat(3)}deep text${"</div>".repeat(3)}<h1>Title</h1>`);
  });

  it("ignores tags written inside scripts", () => {
    const html = `<script>${"<div>".repeat(50)}</script><div>ok</div>`;
    expect(limitNesting(html, 3)).toBe(html);
  });
});
