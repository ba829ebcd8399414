#!/usr/bin/env bash
# Adds up the "<suite>: P passed, F failed" last lines that each test step left in $1/*.log.
# Prints one line per suite and a total; exits 1 if a suite failed, left no such line, or none ran.
set -u
dir=${1:?results directory}
total_p=0; total_f=0; suites=0; bad=0
for log in "$dir"/*.log; do
  [ -e "$log" ] || continue
  line=$(grep -E '^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "  $(basename "$log" .log): no result line (crashed?)"; bad=1; continue
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  printf '  %s\n' "$line"
  total_p=$((total_p + p)); total_f=$((total_f + f)); suites=$((suites + 1))
done
[ "$suites" -gt 0 ] || { echo "no test suite ran"; bad=1; }
# CI's time budget: the slowest steps and builds (each step's wall time, from RUN_SUITE / RUN_SEEDS / VL_BUILD).
if [ -s "$dir/times.tsv" ]; then
  echo "slowest steps (wall s; $(awk -F'\t' '{s+=$2} END{print s}' "$dir/times.tsv") s in all, run two at a time):"
  sort -t "$(printf '\t')" -k2,2 -n -r "$dir/times.tsv" | head -n 15 | awk -F'\t' '{printf "  %6d  %s\n", $2, $1}'
fi
echo "all: $total_p passed, $total_f failed"
[ "$total_f" -eq 0 ] && [ "$bad" -eq 0 ]
