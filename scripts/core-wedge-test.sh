#!/usr/bin/env bash
# The core harness must report a wedged deposit engine, even where its end-of-run excuse for a routed RX transfer
# still entering the engine could apply (tb/lockstep/core_main.cpp, final_checks). Every RX transfer is routed
# (rx.p_route=1), so one is entering the engine whenever the wedge starts; wedge_mem=C makes the host memory refuse
# every AXI4 write address and data beat from cycle C on, inside the deposit side's drain window (its own packets
# are done by then; no core resets, p_rst=0, which would clear the wedged engine), and more than the harness's wedge bound (8192 cycles) before the end. The same run without
# the wedge must pass: what fails is the wedge, not the seed.
#   scripts/core-wedge-test.sh SUITE BIN OUT_DIR
set -u
suite=$1 bin=$2 out=$3
mkdir -p "$out"
seed=1 cycles=60000 wedge=25000
args=(--seed $seed --cycles $cycles rx.p_route=1 p_rst=0)
p=0 f=0
ok()  { p=$((p + 1)); echo "ok: $*"; }
bad() { f=$((f + 1)); echo "FAIL: $*"; }

"$bin" "${args[@]}" > "$out/control.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "control run (no wedge) passes" || bad "control run failed with status $rc (see $out/control.out)"
grep -q "routed RX transfer was still entering" "$out/control.out" &&
  echo "   (the control run ends with a routed transfer entering the engine, excused)"

"$bin" "${args[@]}" wedge_mem=$wedge > "$out/wedge.out" 2>&1
rc=$?
[ $rc -ne 0 ] && ok "wedged run fails (status $rc)" || bad "wedged run passed: the wedge at cycle $wedge was hidden"
grep -q '^DIVERGENCE' "$out/wedge.out" && bad "RTL and twin diverged (the wedge is an input both see)" ||
  ok "RTL and twin agree under the wedge"
line=$(grep -m1 'check=wedge .*routed RX transfer [0-9]* is stuck' "$out/wedge.out")
[ -n "$line" ] && ok "the harness names the stuck routed transfer: ${line#*: }" ||
  bad "no wedge failure names a routed transfer stuck at the engine (see $out/wedge.out)"
line=$(grep -m1 'check=finish .*a packet is half received' "$out/wedge.out")
[ -n "$line" ] && ok "the deposit scoreboard counts its half-received packet: ${line#*: }" ||
  bad "the deposit scoreboard does not report the half-received packet (see $out/wedge.out)"
grep -q "routed RX transfer was still entering" "$out/wedge.out" &&
  bad "the summary excuses a transfer still entering the wedged engine" || ok "no excuse for the wedged engine"
echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
