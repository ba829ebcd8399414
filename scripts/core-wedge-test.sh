#!/usr/bin/env bash
# The core harness must report a wedged deposit engine, even where its end-of-run excuse for a routed RX transfer
# still entering the engine could apply (tb/lockstep/core_main.cpp, final_checks). Every RX transfer is routed
# (rx.p_route=1), the environment's own packets are short (dep.max_len=64: the long routed transfers fill most of
# the engine's input time) and there are no core resets (p_rst=0, a reset would clear the wedged engine);
# wedge_mem=C makes the host memory refuse every AXI4 write address and data beat from cycle C on. C runs over the
# last cycles before the deposit side stops (at 30000 of 60000), where routed transfers and the environment's own
# packets both flow:
# every wedged run must fail and none may be excused, and at least one must catch a routed transfer half way into
# the engine (which packet is stuck depends on the timing of the whole core, so one C alone would test the excuse
# only as long as the RTL's latencies stay as they are). The same run without the wedge must pass: what fails is
# the wedge, not the seed.
#   scripts/core-wedge-test.sh SUITE BIN OUT_DIR
set -u
suite=$1 bin=$2 out=$3
mkdir -p "$out"
args=(--seed 1 --cycles 60000 rx.p_route=1 p_rst=0 dep.max_len=64)
p=0 f=0
ok()  { p=$((p + 1)); echo "ok: $*"; }
bad() { f=$((f + 1)); echo "FAIL: $*"; }

"$bin" "${args[@]}" > "$out/control.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "control run (no wedge) passes" || bad "control run failed with status $rc (see $out/control.out)"

routed=0
for c in 21000 23000 25000 27000 29000; do
  o="$out/wedge_$c.out"
  "$bin" "${args[@]}" wedge_mem=$c > "$o" 2>&1
  rc=$?
  [ $rc -ne 0 ] && ok "wedge at $c: the run fails (status $rc)" || bad "wedge at $c: the run passed (see $o)"
  grep -q '^DIVERGENCE' "$o" && bad "wedge at $c: RTL and twin diverged (the wedge is an input both see)"
  grep -q "routed RX transfer was still entering" "$o" &&
    bad "wedge at $c: the summary excuses a transfer still entering the wedged engine (see $o)"
  line=$(grep -m1 'check=wedge .*routed RX transfer [0-9]* is stuck' "$o")
  if [ -n "$line" ]; then
    routed=$((routed + 1))
    ok "wedge at $c: the harness names the stuck routed transfer: ${line#*: }"
    grep -q 'check=finish .*a packet is half received' "$o" &&
      ok "wedge at $c: the deposit scoreboard counts its half-received packet" ||
      bad "wedge at $c: the deposit scoreboard does not report the half-received packet (see $o)"
  fi
done
[ $routed -gt 0 ] && ok "$routed of 5 wedges caught a routed transfer half way into the engine" ||
  bad "no wedge caught a routed transfer half way into the engine: the excuse was not exercised (see $out)"
echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
