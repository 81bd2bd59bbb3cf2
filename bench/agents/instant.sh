#!/bin/sh
# An exec agent that answers at once: reads the prompt, reports "continue".
cat >/dev/null
printf '%s\n' '{"status":"continue","summary":"did one step","evidence":[],"nextSteps":["do the next step"],"blocker":""}'
