// Builds data/ui/views.html: ui/src/main.ts bundled by esbuild (pinned in
// package-lock.json) and ui/src/style.css, inlined into ui/src/index.html.
// The output is committed and compiled into the binary (src/surface/ui.rs);
// CI rebuilds it and fails when the bytes differ. `--check` only compares.
import { build } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here("../data/ui/views.html");

const bundle = await build({
  entryPoints: [here("src/main.ts")],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  charset: "utf8",
  legalComments: "none",
  write: false,
});
const script = bundle.outputFiles[0].text.trim().replaceAll("</script", "<\\/script");
const css = readFileSync(here("src/style.css"), "utf8").trim();
const html = readFileSync(here("src/index.html"), "utf8")
  .replace("/*STYLE*/", () => css)
  .replace("/*SCRIPT*/", () => script);

if (process.argv.includes("--check")) {
  const committed = readFileSync(out, "utf8");
  if (committed !== html) {
    console.error("data/ui/views.html is not what ui/build.mjs builds: run `npm --prefix ui run build` and commit it");
    process.exit(1);
  }
  console.log(`data/ui/views.html is up to date (${html.length} bytes)`);
} else {
  writeFileSync(out, html);
  console.log(`wrote data/ui/views.html (${html.length} bytes)`);
}
