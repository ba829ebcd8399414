#!/usr/bin/env bash
# Whole-run waveforms and `mdd compare` on a real lockstep harness (docs/ARCHITECTURE.md section 8):
#  - a clean run with --trace --trace-gz: both waveforms gzip files, and `mdd compare` finds them equal on
#    every common signal over every cycle (SIGNAL among them);
#  - the same run traced plain: the same bytes as the gzip files unpacked, and the vectors too (vectors=*.gz);
#  - a window (trace_from/trace_to): equal over exactly its cycles;
#  - the twin's SIGNAL corrupted at CYCLE (inject_fault): `mdd compare` of the whole-run waveforms, and of the
#    divergence window's, reports that cycle and that signal first.
#   scripts/trace-compare-test.sh SUITE BIN MDD CYCLE SIGNAL DIR
set -u
suite=$1 bin=$2 mdd=$3 cycle=$4 signal=$5 dir=$6
p=0 f=0
ok()  { p=$((p + 1)); echo "ok: $*"; }
bad() { f=$((f + 1)); echo "FAIL: $*"; }
rm -rf "$dir"
mkdir -p "$dir"
cycles=3000

# ---- clean run, gzip ----
if "$bin" --seed 3 --cycles $cycles --trace "$dir/clean" --trace-gz vectors="$dir/clean.vec.gz" >"$dir/clean.out" 2>&1
then ok "clean run with --trace --trace-gz"; else bad "clean run failed (see $dir/clean.out)"; fi
for v in rtl model; do
  gzip -t "$dir/clean_$v.vcd.gz" 2>/dev/null && ok "clean_$v.vcd.gz is gzip" || bad "clean_$v.vcd.gz missing or not gzip"
done
out=$("$mdd" compare "$dir/clean_rtl.vcd.gz" "$dir/clean_model.vcd.gz" 2>&1); rc=$?
echo "  $out"
if [ $rc -eq 0 ] && grep -Eq "^traces agree on [0-9]+ signals over $cycles cycles" <<<"$out"; then
  ok "mdd compare: RTL and model waveforms agree over $cycles cycles"
else bad "mdd compare of the clean run: exit $rc: $out"; fi
out=$("$mdd" compare --signal "$signal" "$dir/clean_rtl.vcd.gz" "$dir/clean_model.vcd.gz" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q "^traces agree on 1 signals" <<<"$out" && ok "$signal is among the compared signals" \
  || bad "mdd compare --signal $signal: exit $rc: $out"

# ---- the same run, plain: the same bytes ----
"$bin" --seed 3 --cycles $cycles --trace "$dir/plain" vectors="$dir/clean.vec" >"$dir/plain.out" 2>&1 \
  || bad "plain run failed (see $dir/plain.out)"
for v in rtl model; do
  gzip -dc "$dir/clean_$v.vcd.gz" 2>/dev/null | cmp -s - "$dir/plain_$v.vcd" \
    && ok "$v waveform: gzip and plain hold the same text" || bad "$v waveform: gzip and plain differ"
done
gzip -dc "$dir/clean.vec.gz" 2>/dev/null | cmp -s - "$dir/clean.vec" && [ -s "$dir/clean.vec" ] \
  && ok "vectors: gzip and plain hold the same text" || bad "vectors: gzip and plain differ (or are empty)"

# ---- a window ----
"$bin" --seed 3 --cycles $cycles --trace "$dir/window" trace_from=1000 trace_to=1099 >"$dir/window.out" 2>&1 \
  || bad "windowed run failed (see $dir/window.out)"
out=$("$mdd" compare "$dir/window_rtl.vcd" "$dir/window_model.vcd" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q "^traces agree on [0-9]* signals over 100 cycles" <<<"$out" \
  && ok "trace_from=1000 trace_to=1099: agree over 100 cycles" || bad "window: exit $rc: $out"

# ---- an injected fault ----
"$bin" --seed 3 --cycles $((cycle + 500)) inject_fault="$cycle" --trace "$dir/fault" --trace-gz \
  --vcd "$dir/fault_window" >"$dir/fault.out" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "^DIVERGENCE cycle=$cycle signal=$signal " "$dir/fault.out" \
  && ok "the harness reports the fault at cycle $cycle" || bad "harness: exit $rc (see $dir/fault.out)"
for prefix in fault fault_window; do
  out=$("$mdd" compare "$dir/${prefix}_rtl.vcd.gz" "$dir/${prefix}_model.vcd.gz" 2>&1); rc=$?
  echo "  $(head -n 1 <<<"$out")"
  if [ $rc -eq 1 ] && head -n 1 <<<"$out" | grep -q "^differ: time=[0-9]* cycle=$cycle signal=$signal " \
     && tail -n 1 <<<"$out" | grep -q "^traces differ at cycle $cycle "; then
    ok "mdd compare of ${prefix}_*.vcd.gz: cycle $cycle, signal $signal"
  else bad "mdd compare of ${prefix}_*.vcd.gz: exit $rc: $out"; fi
done

echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
