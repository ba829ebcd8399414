#!/usr/bin/env bash
# The lockstep harness must catch a divergence: run BIN with the twin's output corrupted at CYCLE and expect
# a failing exit status, the DIVERGENCE line naming CYCLE and SIGNAL, and both waveform files.
#   scripts/lockstep-selftest.sh SUITE BIN CYCLE SIGNAL VCD_PREFIX
set -u
suite=$1 bin=$2 cycle=$3 signal=$4 prefix=$5
mkdir -p "$(dirname "$prefix")"
rm -f "${prefix}_rtl.vcd" "${prefix}_model.vcd"
"$bin" --seed 3 --cycles $((cycle + 5000)) inject_fault="$cycle" --vcd "$prefix" > "$prefix.out" 2>&1
rc=$?
p=0 f=0
ok()   { p=$((p + 1)); echo "ok: $*"; }
bad()  { f=$((f + 1)); echo "FAIL: $*"; }
[ $rc -ne 0 ] && ok "exit status $rc" || bad "exit status 0 with a fault injected"
line=$(grep -m1 "^DIVERGENCE cycle=$cycle signal=$signal " "$prefix.out")
[ -n "$line" ] && ok "$line" || bad "no DIVERGENCE line for cycle $cycle signal $signal (see $prefix.out)"
grep -q '^replay: ' "$prefix.out" && ok "replay command printed" || bad "no replay command"
for v in rtl model; do
  [ -s "${prefix}_$v.vcd" ] && ok "${prefix}_$v.vcd written" || bad "no ${prefix}_$v.vcd"
done
grep -q "$signal" "${prefix}_model.vcd" 2>/dev/null && ok "model waveform has $signal" || bad "model waveform lacks $signal"
echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
