import * as cheerio from "cheerio";
import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import { PageIndex } from "./page-index.ts";

/**
 * One case per kind of miss seen on shop pages outside the development corpus (hardening issue
 * §4). Each page is small and built the way some platform marks it up; the rule under test is
 * the general one, not the page.
 */
const page = (head: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const jsonLd = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const url = "https://shop.example.com/products/item";

describe("price: the main product's current price among several on the page", () => {
  it.each([
    [
      "a list price labelled in its own element before the current one",
      page(
        "<title>Aster Studs</title>",
        `<h1>Aster Studs</h1><div class="pricing"><div><span class="lbl">List price:</span> <span class="amount">$240.00</span></div>
         <div><span class="lbl">Our price:</span> <span class="amount">$199.00</span></div></div>
         <form action="/cart"><button type="submit">Add to cart</button></form>`,
      ),
      199,
    ],
    [
      "an instalment amount printed in larger type than the price",
      page(
        "<title>Aster Studs</title>",
        `<h1>Aster Studs</h1><div class="price-box"><p class="monthly"><strong class="price">$33.17</strong>/mo for 6 months</p>
         <p class="price">$199.00</p></div><button class="add-to-cart">Add to cart</button>`,
      ),
      199,
    ],
    [
      "a bundle amount beside the buy button",
      page(
        "<title>Aster Studs</title>",
        `<h1>Aster Studs</h1><span class="price">$199.00</span><button class="add-to-cart">Add to cart</button>
         <div class="bundle"><p>Buy the set (studs + pendant) for <span class="price">$329.00</span></p></div>`,
      ),
      199,
    ],
    [
      "another product's price in a 'you may also like' tile",
      page(
        "<title>Aster Studs</title>",
        `<h1>Aster Studs</h1><span class="price">$199.00</span><button class="add-to-cart">Add to cart</button>
         <section><h2>You may also like</h2><div class="tiles"><a href="/p/2"><span>Aster Pendant</span><span class="price">$149.00</span></a></div></section>`,
      ),
      199,
    ],
    [
      "an AggregateOffer's lowest price where the buy box shows the default variant's",
      page(
        `<title>Aster Studs</title>${jsonLd({
          "@context": "https://schema.org",
          "@type": "Product",
          name: "Aster Studs",
          offers: {
            "@type": "AggregateOffer",
            lowPrice: "149.00",
            highPrice: "299.00",
            priceCurrency: "USD",
            offerCount: 3,
            offers: [
              { "@type": "Offer", price: "149.00" },
              { "@type": "Offer", price: "199.00" },
              { "@type": "Offer", price: "299.00" },
            ],
          },
        })}`,
        `<h1>Aster Studs</h1><span class="price">$199.00</span><button class="add-to-cart">Add to cart</button>`,
      ),
      199,
    ],
    [
      "an og:price that keeps the list price while the buy box and offers show the sale price",
      page(
        `<title>Aster Studs</title><meta property="og:type" content="product"><meta property="og:title" content="Aster Studs">
         <meta property="product:price:amount" content="240.00"><meta property="product:price:currency" content="USD">`,
        `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Aster Studs</h1>
         <s class="was">$240.00</s> <span class="now">$199.00</span>
         <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"></div>
         <button class="add-to-cart">Add to cart</button></div>`,
      ),
      199,
    ],
  ])("%s", (_name, html, price) => {
    expect(extractProduct({ html, url }).price).toBe(price);
  });

  it("skips an instalment and a list price among an offer's price specifications", () => {
    const html = page(
      `<title>Aster Studs</title>${jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Aster Studs",
        offers: {
          "@type": "Offer",
          priceCurrency: "USD",
          priceSpecification: [
            { "@type": "UnitPriceSpecification", price: 33.17, priceCurrency: "USD", billingDuration: 6, unitCode: "MON" },
            { "@type": "UnitPriceSpecification", price: 240, priceCurrency: "USD", priceType: "https://schema.org/ListPrice" },
            { "@type": "UnitPriceSpecification", price: 199, priceCurrency: "USD" },
          ],
        },
      })}`,
      "<h1>Aster Studs</h1>",
    );
    const product = extractProduct({ html, url });
    expect(product.price).toBe(199);
    expect(product.list_price).toBe(240);
  });

  it("reads a bare amount whose currency word is the next element, not a 'from $590' promotion", () => {
    const html = page(
      "<title>多功能碗籃組</title>",
      `<h1>多功能碗籃組</h1><div class="promo"><a href="/event">消費滿額享$590起 加購</a></div>
       <table><tr><td><strong>特價</strong> <span style="font:bold 27px Verdana">2320</span><span class="t13"> 元 </span></td></tr></table>
       <button class="buy">加入購物車</button>`,
    );
    const product = extractProduct({ html, url: "https://www.shop.example.com.tw/p/M1" });
    expect(product.price).toBe(2320);
  });
});

describe("availability: the product's own state, not a variant's, another product's or a widget's", () => {
  const buyBox = (extra: string, button = '<button class="add-to-cart">Add to cart</button>'): string =>
    page("<title>Aster Studs</title>", `<h1>Aster Studs</h1><span class="price">$199.00</span>${extra}${button}`);
  it.each([
    [
      "a sold-out size among radio labels",
      buyBox(`<fieldset><legend>Size</legend><label><input type="radio" name="size" value="S" disabled> Small – sold out</label>
        <label><input type="radio" name="size" value="M" checked> Medium</label></fieldset>`),
      true,
    ],
    [
      "a line about another option offered in a <select>",
      buyBox(`<label for="metal">Metal</label><select id="metal" name="metal"><option selected>Sterling Silver</option><option>Rose Gold Vermeil</option></select>
        <p class="note">Rose Gold Vermeil is currently out of stock.</p>`),
      true,
    ],
    [
      "a back-in-stock sign-up rendered for every product",
      buyBox(`<div class="klaviyo-bis-trigger"><a href="#">Notify me when available</a></div>`),
      true,
    ],
    [
      "another product's sold-out badge in an unlabelled list after the product",
      buyBox(
        "",
        `<button class="add-to-cart">Add to cart</button><div class="recently-viewed"><a href="/p/2">Aster Pendant <span>Sold out</span></a></div>`,
      ),
      true,
    ],
    [
      "a sold-out product that also offers a notify-me form stays sold out",
      buyBox(
        `<p class="product-stock">Sold out</p><form class="notify-form"><input type="email"><button>Notify me when back in stock</button></form>`,
        '<button class="add-to-cart" disabled>Sold out</button>',
      ),
      false,
    ],
  ])("%s", (_name, html, available) => {
    const product = extractProduct({ html, url });
    expect(product.is_available).toBe(available);
    expect(product.sources["is_available"]).toBeDefined();
  });
});

describe("SKU: the product's own, labelled or structured, without a variant suffix", () => {
  it.each([
    [
      "labelled in a definition list of product details",
      page(
        "<title>Aster Studs</title>",
        `<h1>Aster Studs</h1><span class="price">$199.00</span><button class="add-to-cart">Add to cart</button>
        <dl class="details"><dt>Metal</dt><dd>14k gold</dd><dt>Style number</dt><dd>AS-2291</dd></dl>`,
      ),
      "AS-2291",
    ],
    [
      "a variant SKU beside the buy button, the product's own in JSON-LD",
      page(
        `<title>Aster Studs</title>${jsonLd({
          "@context": "https://schema.org",
          "@type": "Product",
          name: "Aster Studs",
          sku: "AS-2291",
          offers: { "@type": "Offer", price: "199.00", priceCurrency: "USD", sku: "AS-2291-Y" },
        })}`,
        `<h1>Aster Studs</h1><span class="price">$199.00</span><p class="variant-meta">SKU: AS-2291-Y</p><button class="add-to-cart">Add to cart</button>`,
      ),
      "AS-2291",
    ],
    [
      "a SKU that only looks suffixed keeps its suffix when nothing names the shorter id",
      page(
        `<title>Aster Studs</title>${jsonLd({
          "@context": "https://schema.org",
          "@type": "Product",
          name: "Aster Studs",
          sku: "AS-2291-Y",
          offers: { "@type": "Offer", price: "199.00", priceCurrency: "USD" },
        })}`,
        `<h1>Aster Studs</h1><span class="price">$199.00</span><button class="add-to-cart">Add to cart</button>`,
      ),
      "AS-2291-Y",
    ],
  ])("%s", (_name, html, sku) => {
    expect(extractProduct({ html, url }).product_id).toBe(sku);
  });
});

describe("metal colour: the selected variant's, not the colours it is also offered in", () => {
  it("reads the selected <option> of a metal picker before a description listing every colour", () => {
    const html = page(
      `<title>Aster Ring</title>${jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Aster Ring",
        description: "Available in yellow gold, white gold and rose gold. Set with a 0.30 ct round diamond.",
        offers: { "@type": "Offer", price: "990.00", priceCurrency: "USD" },
      })}`,
      `<h1>Aster Ring</h1><span class="price">$990.00</span>
       <label for="opt-metal">Metal</label><select id="opt-metal"><option>14k Yellow Gold</option><option selected>14k Rose Gold</option><option>14k White Gold</option></select>
       <button class="add-to-cart">Add to cart</button>`,
    );
    const product = extractProduct({ html, url });
    expect(product.metal_details.metal_type).toBe("gold");
    expect(product.metal_details.metal_color).toBe("rose");
    expect(product.metal_details.purity).toBe("14K");
  });

  it("reads a swatch marked selected under its group label", () => {
    const html = page(
      "<title>Aster Ring</title>",
      `<h1>Aster Ring</h1><span class="price">$990.00</span>
       <div class="swatch-attribute"><span class="swatch-attribute-label">Metal</span><div class="swatch-attribute-options">
       <div class="swatch-option" data-option-label="18k Yellow Gold"></div><div class="swatch-option selected" data-option-label="18k White Gold"></div></div></div>
       <button class="add-to-cart">Add to cart</button><p class="description">Also offered in 18k yellow gold. A 2 mm band.</p>`,
    );
    expect(extractProduct({ html, url }).metal_details.metal_color).toBe("white");
  });
});

describe("odd input around the new readers", () => {
  it("never throws on pickers nested deep, NUL bytes or a huge option list", () => {
    const options = Array.from({ length: 5_000 }, (_, i) => `<option${i === 4_999 ? " selected" : ""}>Gold ${i}</option>`).join("");
    for (const html of [
      `${"<fieldset><label>".repeat(5_000)}<input type="radio" checked>${"</label></fieldset>".repeat(5_000)}<h1>X</h1>`,
      `<h1>X\u0000</h1><select id="a\u0000b">${options}</select><p class="swatch selected" data-option-label="\u0000"></p>`,
      `<div class="swatch is-selected"><div class="swatch is-selected">${"<span class='selected'>x</span>".repeat(20_000)}</div></div>`,
    ]) {
      expect(() => extractProduct({ html, url })).not.toThrow();
    }
  });
});

describe("jewellery sale pages: the sale price beside the buy button, not the struck original", () => {
  const stale = jsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Oval Halo Ring",
    offers: { "@type": "Offer", price: "3200.00", priceCurrency: "GBP", availability: "https://schema.org/InStock" },
  });
  it.each([
    [
      "struck through by an inline style",
      `<span style="text-decoration: line-through; color: #888">£3,200.00</span> <span class="sale">£2,720.00</span>`,
    ],
    [
      "struck through by a Tailwind class",
      `<span class="text-gray-500 line-through">£3,200.00</span> <span class="text-lg font-bold">£2,720.00</span>`,
    ],
    ["marked 'Was' in its own text", `<span class="p1">Was £3,200.00</span> <span class="p2">Now £2,720.00</span>`],
  ])("%s, with the original left in stale JSON-LD", (_name, prices) => {
    const html = page(
      `<title>Oval Halo Ring</title>${stale}`,
      `<h1>Oval Halo Ring</h1><div class="prices">${prices}</div><button class="add-to-cart">Add to basket</button>`,
    );
    const product = extractProduct({ html, url });
    expect(product.price).toBe(2720);
    expect(product.list_price).toBe(3200);
  });

  it("leaves a 'you may also like' block alone when only its heading says what it is", () => {
    const html = page(
      "<title>Oval Halo Ring</title>",
      `<h1>Oval Halo Ring</h1><div class="info"><div class="buy"><button class="add-to-cart">Add to basket</button></div>
       <div><h3>You may also like</h3><div><a href="/p/2"><img src="/p2.jpg" alt=""><span>Pear Halo Ring</span><span class="amount">£1,850.00</span></a></div></div></div>
       <p class="lead">£2,720.00</p>`,
    );
    expect(extractProduct({ html, url }).price).toBe(2720);
  });
});

describe("embedded state: the page's product, not a recommendation listed first", () => {
  it("prefers the state object named exactly like the page over a near namesake under 'recommendations'", () => {
    const state = {
      props: {
        pageProps: {
          recommendations: [{ name: "Classic Diamond Tennis Bracelet 5 ct", sku: "VL-TB-500", price: 4990, currency: "USD" }],
          product: { name: "Classic Diamond Tennis Bracelet 3 ct", sku: "VL-TB-300", price: 2450, currency: "USD" },
        },
      },
    };
    const html = page(
      "<title>Classic Diamond Tennis Bracelet 3 ct | Vellora</title>",
      `<h1>Classic Diamond Tennis Bracelet 3 ct</h1><button class="add-to-cart">Add to bag</button>
       <script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script>`,
    );
    const product = extractProduct({ html, url });
    expect(product.price).toBe(2450);
    expect(product.product_id).toBe("VL-TB-300");
  });
});

describe("sale price beside a list price in JSON-LD offers and in page state", () => {
  const shell = (head: string, body = "<h1>Aster Studs</h1>"): string => page(`<title>Aster Studs</title>${head}`, body);
  const product = (offers: unknown): string =>
    jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Aster Studs", sku: "AS-2291", offers });
  const strike = (price: string) => ({ "@type": "UnitPriceSpecification", priceType: "https://schema.org/StrikethroughPrice", price });

  it("skips an offer that only states the strikethrough price when another offer has the sale price", () => {
    const html = shell(
      product([
        { "@type": "Offer", price: "240.00", priceCurrency: "USD", priceSpecification: strike("240.00") },
        { "@type": "Offer", price: "199.00", priceCurrency: "USD" },
      ]),
    );
    const p = extractProduct({ html, url });
    expect(p.price).toBe(199);
    expect(p.list_price).toBe(240);
    expect(p.sources["price"]).toBe("json-ld");
  });

  it("keeps a lone offer whose price is also typed as the list price (nothing is on sale)", () => {
    const html = shell(
      product({
        "@type": "Offer",
        price: "240.00",
        priceCurrency: "USD",
        priceSpecification: { ...strike("240.00"), priceType: "ListPrice" },
      }),
    );
    const p = extractProduct({ html, url });
    expect(p.price).toBe(240);
    expect(p.list_price).toBeNull();
  });

  const state = (variable: string, value: unknown): string => `<script>window.${variable} = ${JSON.stringify(value)};</script>`;
  it.each([
    [
      "a Magento GraphQL price range (regular and final price)",
      state("__APOLLO_STATE__", {
        "SimpleProduct:1": {
          name: "Aster Studs",
          sku: "AS-2291",
          price_range: { minimum_price: { regular_price: { value: 240, currency: "USD" }, final_price: { value: 199, currency: "USD" } } },
        },
      }),
    ],
    [
      "a Storefront API selected variant with a compare-at price, in a Remix context",
      state("__remixContext", {
        state: {
          loaderData: {
            product: {
              title: "Aster Studs",
              selectedVariant: {
                sku: "AS-2291",
                compareAtPrice: { amount: "240.0", currencyCode: "USD" },
                price: { amount: "199.0", currencyCode: "USD" },
              },
            },
          },
        },
      }),
    ],
    [
      "snake_case regular and sale prices",
      state("__INITIAL_STATE__", {
        product: { name: "Aster Studs", code: "AS-2291", currency: "USD", regular_price: "240.00", sale_price: "199.00" },
      }),
    ],
    [
      "a salePrice beside a plain price",
      state("__INITIAL_STATE__", { product: { name: "Aster Studs", reference: "AS-2291", currency: "USD", price: 240, salePrice: 199 } }),
    ],
  ])("reads %s", (_name, script) => {
    const p = extractProduct({ html: shell("", `<h1>Aster Studs</h1><div id="app"></div>${script}`), url });
    expect(p.price).toBe(199);
    expect(p.list_price).toBe(240);
    expect(p.currency).toBe("USD");
    expect(p.product_id).toBe("AS-2291");
    expect(p.sources["price"]).toBe("embedded-state");
  });

  it("leaves a recommended product's price range in page state alone", () => {
    const script = state("__remixContext", {
      loaderData: {
        recommended: [{ title: "Aster Studs Large", priceRange: { minimum_price: { final_price: { value: 320 } } } }],
        product: { title: "Aster Studs", selectedVariant: { sku: "AS-2291", price: { amount: "199.0", currencyCode: "USD" } } },
      },
    });
    expect(extractProduct({ html: shell("", `<h1>Aster Studs</h1>${script}`), url }).price).toBe(199);
  });
});

describe("stock written as a picker's choices or beside a live button", () => {
  const buyBox = (picker: string, button = '<button class="add-to-cart">Add to cart</button>', extra = ""): string =>
    page("<title>Aster Ring</title>", `<h1>Aster Ring</h1><span class="price">$690.00</span>${picker}${button}${extra}`);
  it.each([
    [
      "every option of a size select disabled, after a prompt",
      buyBox(`<label for="s">Size</label><select id="s"><option value="">Choose an option</option>
        <option value="5" disabled>5</option><option value="6" disabled>6</option></select>`),
      false,
    ],
    [
      "every option of a select saying sold out, none disabled",
      buyBox(`<select name="size"><option>5 (sold out)</option><option>6 – Out of stock</option></select>`),
      false,
    ],
    [
      "every radio of a size group disabled",
      buyBox(`<fieldset><legend>Size</legend><label><input type="radio" name="size" value="5" disabled> 5</label>
        <label><input type="radio" name="size" value="6" disabled> 6</label></fieldset>`),
      false,
    ],
    [
      "some options sold out, one on offer",
      buyBox(`<select name="size"><option value="5" disabled>5 - Sold out</option><option value="6" selected>6</option></select>`),
      true,
    ],
    [
      "only the prompt disabled",
      buyBox(`<select name="size"><option value="" disabled selected>Select a size</option><option value="5">5</option></select>`),
      true,
    ],
    [
      "a sold-out select in another product's tile",
      buyBox(
        "",
        '<button class="add-to-cart">Add to cart</button>',
        `<section><h2>You may also like</h2><div class="card"><a href="/p/2">Aster Band</a>
         <select name="size"><option disabled>5 - Sold out</option></select></div></section>`,
      ),
      true,
    ],
    [
      "a 'Sold out' badge the theme renders beside a live buy button",
      buyBox(`<span class="badge price__badge-sold-out">Sold out</span>`),
      true,
    ],
    [
      "a 'Sold out' badge beside a disabled buy button",
      buyBox(`<span class="badge price__badge-sold-out">Sold out</span>`, '<button class="add-to-cart" disabled>Sold out</button>'),
      false,
    ],
  ])("%s", (_name, html, available) => {
    const product = extractProduct({ html, url });
    expect(product.is_available).toBe(available);
    expect(product.sources["is_available"]).toBe("visible-page");
  });

  it("a select whose every choice is sold out overrules an InStock left in the page's JSON-LD", () => {
    const html = page(
      `<title>Aster Ring</title>${jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Aster Ring",
        offers: { "@type": "Offer", price: "690.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
      })}`,
      `<h1>Aster Ring</h1><span class="price">$690.00</span>
       <select name="size"><option value="">Choose an Option...</option><option value="1" disabled>J - Out of stock</option><option value="2" disabled>L - Out of stock</option></select>
       <button class="add-to-cart">Add to cart</button>`,
    );
    expect(extractProduct({ html, url }).is_available).toBe(false);
  });
});

describe("prices in a row of other products that neither a heading nor a class names", () => {
  const card = (href: string, name: string, price: string): string =>
    `<a href="${href}" class="x1"><img src="${href}.jpg" alt=""><div class="x2">${name}</div><div class="x3">${price}</div></a>`;
  it("skips linked tiles with a picture and a price, built alike, before the product's price", () => {
    const html = page(
      "<title>Aster Ring</title>",
      `<h1>Aster Ring</h1><div class="a9">${card("/p/band", "Aster Band", "$640")}${card("/p/studs", "Aster Studs", "$520")}</div>
       <div class="b7">$1,450</div><button class="c3">Add to cart</button>`,
    );
    expect(extractProduct({ html, url }).price).toBe(1450);
  });

  it("skips tiles wrapped in list items, each holding one product link", () => {
    const tile = (href: string, price: string): string =>
      `<li class="t"><a href="${href}"><img src="${href}.jpg" alt=""></a><a href="${href}">Other ring</a><span>${price}</span></li>`;
    const html = page(
      "<title>Aster Ring</title>",
      `<ul class="q">${tile("/p/1", "$99")}${tile("/p/2", "$120")}${tile("/p/3", "$140")}</ul>
       <h1>Aster Ring</h1><p>$1,450</p><button class="c3">Add to cart</button>`,
    );
    expect(extractProduct({ html, url }).price).toBe(1450);
  });

  it("keeps gallery thumbnails that link to their pictures, and a single linked tile", () => {
    const html = page(
      "<title>Aster Ring</title>",
      `<div class="g"><a href="/img/1.jpg" class="t"><img src="/img/1-s.jpg" alt="view 1"></a><a href="/img/2.jpg" class="t"><img src="/img/2-s.jpg" alt="view 2"></a></div>
       <h1>Aster Ring</h1><div class="one">${card("/p/band", "Aster Band", "$1,450")}</div><button class="c3">Add to cart</button>`,
    );
    expect(extractProduct({ html, url }).price).toBe(1450);
    const $ = cheerio.load(html);
    const index = new PageIndex($);
    expect(
      $("a.t")
        .toArray()
        .map((a) => index.isRelated(a)),
    ).toEqual([false, false]);
    expect(index.isRelated($("a.x1").get(0) as Element)).toBe(false);
  });
});

describe("structured markup: the page's product, not a near namesake in a tile before it", () => {
  it("prefers the microdata product named exactly like the page over a tile whose name contains it", () => {
    const item = (name: string, price: string, cls: string): string =>
      `<div class="${cls}" itemscope itemtype="https://schema.org/Product"><h3 itemprop="name">${name}</h3>
       <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="${price}">${price} €</span></div></div>`;
    const html = page(
      "<title>Cerchi oro giallo 18kt</title>",
      `${item("Cerchi piccoli oro giallo 18kt", "290", "m1")}${item("Cerchi grandi oro giallo 18kt", "690", "m1")}
       <div class="main"><h1>Cerchi oro giallo 18kt</h1>${item("Cerchi oro giallo 18kt", "450", "m2")}<button class="add-to-cart">Aggiungi al carrello</button></div>`,
    );
    const product = extractProduct({ html, url: "https://www.shop.example.it/cerchi.html" });
    expect(product.price).toBe(450);
    expect(product.sources["price"]).toBe("microdata");
  });
});

describe("SKU labelled by an abbreviation inside a longer line", () => {
  const withLine = (line: string): string =>
    page(
      "<title>Aster Studs</title>",
      `<h1>Aster Studs</h1><span class="price">$199.00</span><p>${line}</p><button class="add-to-cart">Add to cart</button>`,
    );
  it.each([
    ["Item no. after other details", "18k gold vermeil · 7 inch · Item no. AS-2291", "AS-2291"],
    ["a style code in a details list", "Style code: AS-2291", "AS-2291"],
    ["SKU closing a description", "Round studs, 14k gold, 4 mm. SKU AS-2291", "AS-2291"],
  ])("%s", (_name, line, sku) => {
    expect(extractProduct({ html: withLine(line), url }).product_id).toBe(sku);
  });

  it("does not take a word after 'Item no.' for an id", () => {
    expect(extractProduct({ html: withLine("Item no. longer available in rose gold"), url }).product_id).toBe("");
  });
});

describe("price roles named in data-hook attributes (Wix)", () => {
  it("takes the primary price over the secondary (compare-at) price printed first", () => {
    const html = page(
      "<title>Aster Ring</title>",
      `<h1 data-hook="product-title">Aster Ring</h1><div data-hook="product-price"><span data-hook="formatted-secondary-price">$95.00</span>
       <span data-hook="formatted-primary-price">$76.00</span></div><button data-hook="add-to-cart">Add to Cart</button>`,
    );
    expect(extractProduct({ html, url }).price).toBe(76);
  });
});

describe("stock written as the buy button's label", () => {
  const stale = jsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Aster Ring",
    offers: { "@type": "Offer", price: "690.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
  const withButton = (button: string, head = ""): string =>
    page(`<title>Aster Ring</title>${head}`, `<h1>Aster Ring</h1><span class="price">$690.00</span>${button}`);
  it.each([
    [
      "an enabled add-to-cart button relabelled 'Sold out', beside a stale InStock",
      withButton('<button class="btn add-to-cart" type="submit">Sold out</button>', stale),
      false,
    ],
    [
      "a disabled submit input whose value is 'Sold Out'",
      withButton('<form action="/cart/add"><input type="submit" value="Sold Out" disabled class="btn"></form>'),
      false,
    ],
    [
      "a live button holding both labels, the sold-out one hidden, stays in stock",
      withButton('<button class="add-to-cart"><span>Add to cart</span><span style="display:none">Sold out</span></button>', stale),
      true,
    ],
  ])("%s", (_name, html, available) => {
    const product = extractProduct({ html, url });
    expect(product.is_available).toBe(available);
    expect(product.sources["is_available"]).toBe("visible-page");
  });
});
