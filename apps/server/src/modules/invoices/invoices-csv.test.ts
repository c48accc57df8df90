import { describe, expect, it } from "vitest";
import { csvCell } from "../../lib/csv.ts";

describe("csvCell", () => {
  it.each([
    ["Meera Shah", "Meera Shah"],
    ["=1+2", "'=1+2"],
    ["+91 98200", "'+91 98200"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["Shah, Meera", '"Shah, Meera"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["line\nbreak", '"line\nbreak"'],
    ["", ""],
  ])("%j -> %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
});
