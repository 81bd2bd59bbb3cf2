#!/bin/sh
# Prints 100 MB on stdout. Past ralph's stdout bound the round fails by design (output-limit).
cat >/dev/null
yes 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' | head -c 104857600
