#!/bin/sh
# Prints 100 MB on stderr (which ralph drains, keeping a bounded tail), then a valid "complete" report.
cat >/dev/null
yes 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' | head -c 104857600 >&2
printf '%s\n' '{"status":"complete","summary":"flooded stderr","evidence":["wrote 100 MB to stderr"],"nextSteps":[],"blocker":""}'
