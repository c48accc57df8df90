import { describe, expect, it } from "vitest";
import {
  detectJewelryType,
  extractJewelleryAttributes,
  localiseRingSize,
  parseBandWidth,
  parseCarat,
  parseCertificate,
  parseClarity,
  parseDimensions,
  parseMetal,
  parsePurity,
  parseRingSize,
  parseSettings,
  parseShape,
  parseStoneColor,
  parseStoneCount,
  parseStoneTypes,
  parseWeightGrams,
} from "./jewellery-attributes.ts";

describe("parseMetal", () => {
  it.each([
    ["18K Rose Gold", "gold", "rose"],
    ["14k white gold", "gold", "white"],
    ["Metal Type | 14k White Gold", "gold", "white"],
    ["10K Yellow Gold Band", "gold", "yellow"],
    ["Solid 9ct yellow gold", "gold", "yellow"],
    ["22 Karat gold", "gold", undefined],
    ["Gelbgold 585", "gold", "yellow"],
    ["585 Weißgold", "gold", "white"],
    ["Roségold 750", "gold", "rose"],
    ["bague en or jaune 18 carats", "gold", "yellow"],
    ["créoles or blanc 750", "gold", "white"],
    ["anello in oro bianco 18kt", "gold", "white"],
    ["oro rosa", "gold", "rose"],
    ["ouro amarelo 18k", "gold", "yellow"],
    ["aur alb 14K", "gold", "white"],
    ["K18 イエローゴールド", "gold", "yellow"],
    ["Platinum 950", "platinum", "white"],
    ["PT950 solitaire", "platinum", "white"],
    ["925 Sterling Silver", "silver", "white"],
    ["Sterlingsilber rhodiniert", "silver", "white"],
    ["argento 925", "silver", "white"],
    ["Palladium 950 band", "palladium", "white"],
    ["Titanium wedding band", "titanium", undefined],
    ["18k gold vermeil over sterling silver", "silver", "white"],
    ["gold plated brass hoops", undefined, undefined],
  ])("%s → %s / %s", (text, metal, color) => {
    const reading = parseMetal(text);
    expect(reading.metal_type).toBe(metal);
    expect(reading.metal_color).toBe(color);
  });
});

describe("parsePurity", () => {
  it.each([
    ["18K Rose Gold", "18K"],
    ["14kt white gold", "14K"],
    ["10K yellow gold", "10K"],
    ["9ct gold", "9K"],
    ["22 Karat gold", "22K"],
    ["24k pure gold coin pendant", "24K"],
    ["Gelbgold 585", "14K"],
    ["750/1000 white gold", "18K"],
    ["916 hallmarked gold", "22K"],
    ["375 Gold", "9K"],
    ["925 sterling silver", "925"],
    ["Sterling silver", "925"],
    ["Fine silver 999", "999"],
    ["PT950", "950"],
    ["Pt 900 platinum", "900"],
    ["950 Platinum", "950"],
    ["K18 ダイヤモンド", "18K"],
    ["18k gold vermeil over sterling silver", "925"],
    ["1.50 ct diamond", undefined],
    ["1.20 ct oval diamond in a halo, 18k white gold", "18K"],
    ["0.14 ct white diamonds", undefined],
    ["18 mm hoops", undefined],
  ])("%s → %s", (text, expected) => {
    expect(parsePurity(text)).toBe(expected);
  });

  it("reads fineness in the metal's own scale", () => {
    expect(parsePurity("950", "platinum")).toBe("950");
    expect(parsePurity("925", "silver")).toBe("925");
    expect(parsePurity("750", "gold")).toBe("18K");
  });
});

describe("parseWeightGrams", () => {
  it.each([
    ["3.5 g", 3.5],
    ["4.210 gms", 4.21],
    ["2 grams", 2],
    ["Gross Wt: 5.6g", 5.6],
    ["3,1 g", 3.1],
    ["3.8 gr", 3.8],
    ["2 dwt", 3.11],
    ["500 mg", 0.5],
    ["約2.8g", 2.8],
    ["1.50 ct", undefined],
    ["no weight here", undefined],
  ])("%s → %s", (text, expected) => {
    const grams = parseWeightGrams(text);
    if (expected === undefined) expect(grams).toBeUndefined();
    else expect(grams).toBeCloseTo(expected, 2);
  });
});

describe("parseStoneTypes", () => {
  it.each([
    ["1 ct round diamond solitaire", ["Diamond"]],
    ["lab-grown diamond engagement ring", ["Lab-Grown Diamond"]],
    ["Lab Created Diamond halo with natural diamond accents", ["Lab-Grown Diamond", "Diamond"]],
    ["moissanite solitaire", ["Moissanite"]],
    ["oval ruby surrounded by diamonds", ["Ruby", "Diamond"]],
    ["blue sapphire and diamond halo", ["Sapphire", "Diamond"]],
    ["emerald-cut diamond", ["Diamond"]],
    ["Colombian emerald pendant", ["Emerald"]],
    ["akoya pearl studs", ["Pearl"]],
    ["Tanzanite and white topaz", ["Tanzanite", "Topaz"]],
    ["cubic zirconia studs", ["Cubic Zirconia"]],
    ["Brillanten 0,25 ct", ["Diamond"]],
    ["avec 28 diamants", ["Diamond"]],
    ["con diamanti taglio brillante", ["Diamond"]],
    ["z szafirem i brylantami", ["Sapphire", "Diamond"]],
    ["Perlen-Armband", ["Pearl"]],
    ["ダイヤモンド リング", ["Diamond"]],
    ["quartz movement watch", []],
  ])("%s → %j", (text, expected) => {
    expect(parseStoneTypes(text)).toEqual(expected);
  });
});

describe("parseCarat", () => {
  it.each([
    ["1.5 ct", 1.5],
    ["1.50 carat", 1.5],
    ["2 carats", 2],
    ["0.75 cttw", 0.75],
    ["1/2 ct. t.w.", 0.5],
    ["1 1/4 ctw", 1.25],
    ["3/4 CT TW", 0.75],
    ["½ ct", 0.5],
    ["0,25 ct", 0.25],
    [".50ct", 0.5],
    ["Total carat weight 1.01 carat", 1.01],
    ["18ct white gold", undefined],
    ["9ct gold signet", undefined],
    ["oro amarillo de 18 quilates", undefined],
  ])("%s → %s", (text, expected) => {
    expect(parseCarat(text)).toBe(expected);
  });
});

describe("diamond grades", () => {
  it.each([
    ["Color: G", "G"],
    ["colour G/H", "G-H"],
    ["G-H color", "G-H"],
    ["F VS1", "F"],
    ["G-H, SI1", "G-H"],
    ["IJ-SI", "I-J"],
    ["colore F, purezza VS1", "F"],
    ["Farbe H, Reinheit SI1", "H"],
    ["couleur G, pureté VS", "G"],
    ["culoare G", "G"],
    ["Excellent cut", undefined],
  ])("colour of %s → %s", (text, expected) => {
    expect(parseStoneColor(text)).toBe(expected);
  });

  it.each([
    ["Clarity: VS2", "VS2"],
    ["VS1-VS2 clarity", "VS1-VS2"],
    ["SI clarity", "SI"],
    ["G VS1", "VS1"],
    ["IJ-SI", "SI"],
    ["Reinheit: VS", "VS"],
    ["purezza VVS2", "VVS2"],
    ["claritate SI1", "SI1"],
    ["internally flawless", "IF"],
    ["clarity IF", "IF"],
    ["I1", "I1"],
    ["IF YOU LOVE IT", undefined],
  ])("clarity of %s → %s", (text, expected) => {
    expect(parseClarity(text)).toBe(expected);
  });
});

describe("parseShape", () => {
  it.each([
    ["round brilliant", "Round"],
    ["princess cut", "Princess"],
    ["oval", "Oval"],
    ["cushion-cut", "Cushion"],
    ["emerald cut diamond", "Emerald"],
    ["pear-shaped sapphire", "Pear"],
    ["marquise", "Marquise"],
    ["radiant cut", "Radiant"],
    ["Asscher", "Asscher"],
    ["heart shaped diamond", "Heart"],
    ["taglio brillante", "Round"],
    ["diamant rotund", "Round"],
    ["owalnym szafirem", "Oval"],
    ["emerald pendant", undefined],
  ])("%s → %s", (text, expected) => {
    expect(parseShape(text)).toBe(expected);
  });
});

describe("parseStoneCount", () => {
  it.each([
    ["12 diamonds", 12],
    ["set with 36 round diamonds", 36],
    ["No. of Diamonds: 24", 24],
    ["Number of stones: 5", 5],
    ["three-stone ring", 3],
    ["585 Gelbgold mit einem Brillanten", undefined],
  ])("%s → %s", (text, expected) => {
    expect(parseStoneCount(text)).toBe(expected);
  });
});

describe("parseCertificate", () => {
  it.each([
    ["GIA 2141438171", "GIA", "2141438171"],
    ["GIA report 6451234987", "GIA", "6451234987"],
    ["IGI certified", "IGI", undefined],
    ["Certificate: IGI LG512345678", "IGI", "LG512345678"],
    ["HRD Antwerp certificate", "HRD", undefined],
    ["SGL certified diamonds", "SGL", undefined],
    ["BIS Hallmark 916", "BIS Hallmark", undefined],
    ["BIS Hallmark 916, HUID: AB12CD", "BIS Hallmark", "AB12CD"],
    ["Hallmarked at the Birmingham Assay Office", "Hallmark", undefined],
    ["No paperwork", undefined, undefined],
  ])("%s → %s %s", (text, type, number) => {
    const reading = parseCertificate(text);
    expect(reading.certificate_type).toBe(type);
    expect(reading.certificate_number).toBe(number);
  });
});

describe("ring sizes, dimensions, band width", () => {
  it.each([
    ["Ring Size: 7", "US 7"],
    ["Size 6.5", "US 6.5"],
    ["US 7", "US 7"],
    ["UK N", "UK N"],
    ["UK N 1/2", "UK N 1/2"],
    ["EU 54", "EU 54"],
    ["IN 14", "IN 14"],
    ["Ringgröße 54", "EU 54"],
    ["Ring size: M (AU/UK)", "UK M"],
    ["Size: M", undefined],
    ["no size", undefined],
  ])("%s → %s", (text, expected) => {
    expect(parseRingSize(text)).toBe(expected);
  });

  it("localises a bare size to the shop's country", () => {
    expect(localiseRingSize("US 14", "www.gioielleria.it")).toBe("IT 14");
    expect(localiseRingSize("US 7", "shop.example.com")).toBe("US 7");
    expect(localiseRingSize("EU 54", "juwelier.de")).toBe("EU 54");
  });

  it("reads dimensions", () => {
    expect(parseDimensions("12 x 8 mm")).toEqual({ length: "12 mm", width: "8 mm" });
    expect(parseDimensions("8.62 x 6.21 x 3.84 mm")).toEqual({ length: "8.62 mm", width: "6.21 mm", height: "3.84 mm" });
    expect(parseDimensions("Length: 18 inches")).toEqual({ length: "18 in" });
    expect(parseDimensions("Chain length 45 cm, pendant height 14 mm")).toEqual({ length: "45 cm", height: "14 mm" });
    expect(parseDimensions("Width 2.5mm")).toEqual({ width: "2.5 mm" });
  });

  it.each([
    ["2.5mm band", "2.5 mm"],
    ["band width: 2 mm", "2 mm"],
    ["Band width: 3 millimetres", "3 mm"],
    ["3 mm wide band", "3 mm"],
    ["shank width 1.8mm", "1.8 mm"],
    ["2mm chain", undefined],
  ])("band width of %s → %s", (text, expected) => {
    expect(parseBandWidth(text)).toBe(expected);
  });
});

describe("parseSettings", () => {
  it.each([
    ["four-prong solitaire", ["Prong", "Solitaire"]],
    ["6 prong setting", ["Prong"]],
    ["bezel set moonstone", ["Bezel"]],
    ["halo engagement ring with pavé band", ["Halo", "Pavé"]],
    ["micro pavé hoops", ["Micro Pavé"]],
    ["channel set eternity band", ["Channel"]],
    ["cathedral setting", ["Cathedral"]],
    ["tension set ring", ["Tension"]],
    ["diamond cluster ring", ["Cluster"]],
    ["three-stone anniversary ring", ["Three-Stone"]],
    ["Krappenfassung", ["Prong"]],
  ])("%s → %j", (text, expected) => {
    const found = parseSettings(text);
    for (const setting of expected) expect(found).toContain(setting);
  });
});

describe("detectJewelryType", () => {
  it.each([
    ["Aria Solitaire Engagement Ring", "Ring"],
    ["Classic Comfort Fit Wedding Band", "Ring"],
    ["Diamond Stud Earrings", "Earrings"],
    ["Gold Hoops", "Earrings"],
    ["Sterling Silver Heart Pendant Necklace with Cubic Zirconia", "Necklace"],
    ["Luna Halo Pendant", "Pendant"],
    ["Tennis Bracelet in 14K White Gold", "Bracelet"],
    ["Rose Gold Nose Pin with Diamond", "Nose Pin"],
    ["Diamond Nose Ring", "Nose Pin"],
    ["Twisted Rope Bangle", "Bangle"],
    ["Beaded Gold Anklet", "Anklet"],
    ["Figaro Chain 50cm", "Chain"],
    ["Mangalsutra with Black Beads", "Mangalsutra"],
    ["Art Deco Onyx Brooch", "Brooch"],
    ["Verlobungsring Gelbgold 585", "Ring"],
    ["Tennisarmband 585 Weißgold", "Bracelet"],
    ["Boucles d'oreilles créoles or blanc", "Earrings"],
    ["Anello Trilogy in Oro Bianco", "Ring"],
    ["Pulsera rivière de oro amarillo", "Bracelet"],
    ["Colar Ponto de Luz Ouro 18k", "Necklace"],
    ["Pierścionek zaręczynowy złoto 585", "Ring"],
    ["Inel de logodnă din aur alb", "Ring"],
    ["K18 ダイヤモンド エタニティリング", "Ring"],
    ["Gift card", undefined],
  ])("%s → %s", (text, expected) => {
    expect(detectJewelryType(text)).toBe(expected);
  });
});

describe("extractJewelleryAttributes", () => {
  it("reads a specification list", () => {
    const result = extractJewelleryAttributes({
      title: "Oval Sapphire Three-Stone Ring",
      attributes: [
        { name: "Metal", value: "18K White Gold" },
        { name: "Metal Weight", value: "4.2 g" },
        { name: "Gross Weight", value: "4.6 g" },
        { name: "Center Stone", value: "Blue Sapphire, Oval, 1.20 ct" },
        { name: "Side Stones", value: "2 Pear Diamonds, 0.40 ctw, G-H, VS2" },
        { name: "Certificate", value: "GIA 2141438171" },
        { name: "Ring Size", value: "6" },
      ],
    });
    expect(result).toMatchObject({
      jewelry_type: "Ring",
      metal_type: "gold",
      metal_color: "white",
      purity: "18K",
      weight: 4.2,
      certificate_type: "GIA",
      certificate_number: "2141438171",
      size: "US 6",
    });
    expect(result.stones[0]).toMatchObject({ stone_type: "Sapphire", stone_carat: 1.2, shape: "Oval", quantity: 1 });
    expect(result.stones[1]).toMatchObject({
      stone_type: "Diamond",
      stone_carat: 0.4,
      quantity: 2,
      stone_color: "G-H",
      stone_clarity: "VS2",
      shape: "Pear",
    });
  });

  it("returns no stones for a plain band and keeps defaults out", () => {
    const result = extractJewelleryAttributes({ title: "Classic 4mm Wedding Band", description: "Comfort fit band in 950 platinum." });
    expect(result.stones).toEqual([]);
    expect(result.metal_type).toBe("platinum");
    expect(result.purity).toBe("950");
    expect(result.design_features).toContain("Comfort fit");
  });

  it("prefers metal weight over gross weight", () => {
    const result = extractJewelleryAttributes({
      title: "Temple Necklace",
      attributes: [
        { name: "Gross Weight", value: "35.120 g" },
        { name: "Net Weight", value: "33.420 g" },
      ],
    });
    expect(result.weight).toBeCloseTo(33.42, 3);
  });
});
