// ralph dashboard: the page's script (a module; dom.js, list.js and run.js are its parts). It builds
// every element from text and listens to the server's events (EventSource); it never polls.
import { openList } from "./list.js"
import { openRun } from "./run.js"

const route = () => {
  const match = /^\/runs\/([^/]+)$/.exec(location.pathname)
  if (match) openRun(decodeURIComponent(match[1]))
  else openList()
}
route()
