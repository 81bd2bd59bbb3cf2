/**
 * The dashboard's page: a static HTML file, its stylesheet and its one script, as text (inside the
 * bundle; `?raw` is read by vite in the tests and by scripts/build.mjs's plugin in the build).
 */
import style from "./static/app.css?raw"
import script from "./static/app.js?raw"
import html from "./static/index.html?raw"

export { html, script, style }
