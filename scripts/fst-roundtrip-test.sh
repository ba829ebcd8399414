#!/usr/bin/env bash
# The FST waveforms of a lockstep harness (--trace-fst, tb/lockstep/lockstep_fst.cpp) hold what its VCD
# waveforms hold: one run traced twice over the same window, as VCD and as FST; each FST read back by GTKWave's
# FST reader (fst2vcd) must agree with the VCD on every signal over every cycle of the window under
# `mdd compare`, with no signal missing on either side. Also: the whole-run default (no window) gives
# non-empty FST files, and a window in the middle of the run (trace_len) covers exactly those cycles.
#   scripts/fst-roundtrip-test.sh SUITE BIN MDD FST2VCD DIR
set -u
suite=$1 bin=$2 mdd=$3 fst2vcd=$4 dir=$5
p=0 f=0
ok()  { p=$((p + 1)); echo "ok: $*"; }
bad() { f=$((f + 1)); echo "FAIL: $*"; }
rm -rf "$dir"
mkdir -p "$dir"
cycles=4000 from=1500 to=2299 n=800

"$bin" --seed 5 --cycles $cycles --trace "$dir/vcd" trace_from=$from trace_to=$to >"$dir/vcd.out" 2>&1 \
  && ok "VCD run" || bad "VCD run failed (see $dir/vcd.out)"
"$bin" --seed 5 --cycles $cycles --trace "$dir/fst" --trace-fst trace_from=$from trace_to=$to >"$dir/fst.out" 2>&1 \
  && ok "FST run" || bad "FST run failed (see $dir/fst.out)"
for v in rtl model; do
  if "$fst2vcd" "$dir/fst_$v.fst" "$dir/back_$v.vcd"; then ok "fst_$v.fst read back"; else bad "fst_$v.fst unreadable"; continue; fi
  out=$("$mdd" compare "$dir/vcd_$v.vcd" "$dir/back_$v.vcd" 2>&1); rc=$?
  echo "  $v: $out"
  if [ $rc -eq 0 ] && grep -Eq "^traces agree on [0-9]+ signals over $n cycles \(0 signals only in A, 0 only in B\)" <<<"$out"
  then ok "$v: the FST holds every signal of the VCD with the same values over the $n cycles"
  else bad "$v: FST and VCD differ: exit $rc: $out"; fi
done

# trace_len: the middle of the run
"$bin" --seed 5 --cycles $cycles --trace "$dir/mid" --trace-fst trace_len=100 >"$dir/mid.out" 2>&1 \
  || bad "trace_len run failed (see $dir/mid.out)"
grep -q "^waveforms of cycles 1950..2049: " "$dir/mid.out" && ok "trace_len=100 of $cycles cycles: cycles 1950..2049" \
  || bad "trace_len=100: $(grep '^waveforms' "$dir/mid.out")"
if "$fst2vcd" "$dir/mid_rtl.fst" "$dir/mid_rtl.vcd"; then
  first=$(grep -m1 '^#' "$dir/mid_rtl.vcd") last=$(grep '^#' "$dir/mid_rtl.vcd" | tail -n 1)
  [ "$first" = "#19500" ] && [ "$last" = "#20495" ] && ok "mid_rtl.fst spans times 19500..20495" \
    || bad "mid_rtl.fst spans $first..$last, not #19500..#20495"
else bad "mid_rtl.fst unreadable"; fi
echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
