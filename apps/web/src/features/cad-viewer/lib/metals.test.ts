import { describe, expect, it } from "vitest";
import { metalFinish } from "./metals";

describe("metalFinish", () => {
  it.each([
    ["18K Yellow Gold", "yellow"],
    ["14K Rose Gold", "rose"],
    ["18K White Gold", "white"],
    ["Platinum 950", "platinum"],
    ["925 Sterling Silver", "silver"],
    ["Silver", "silver"],
    ["Gold", "yellow"],
    ["", "yellow"],
  ])("%s → %s", (text, finish) => {
    expect(metalFinish(text)).toBe(finish);
  });
});
