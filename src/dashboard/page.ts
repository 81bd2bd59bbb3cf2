/**
 * The dashboard's page: a static HTML file, its stylesheet and its script's modules, as text (inside
 * the bundle; `?raw` is read by vite in the tests and by scripts/build.mjs's plugin in the build).
 */
// A `?raw` import is the file's text (raw.d.ts), not the module's exports the rule looks for.
// oxlint-disable import/default
import style from "./static/app.css?raw"
import app from "./static/app.js?raw"
import dom from "./static/dom.js?raw"
import html from "./static/index.html?raw"
import list from "./static/list.js?raw"
import run from "./static/run.js?raw"

/** The script's modules by the name the page imports each by (`/NAME`). */
const scripts: Readonly<Record<string, string>> = { "app.js": app, "dom.js": dom, "list.js": list, "run.js": run }

export { html, scripts, style }
