#!/usr/bin/env bash
# Tests of the `mdd` CLI (crc, combine, tx, compare, help): outputs against values that do not come from mdd
# (check values, RFC 3720 vectors, python's zlib.crc32, a small table-driven CRC written here in python from the
# parameters, hand-written waveforms), and every error case: exit status 2, exactly one line on stderr, nothing on
# stdout.
# Usage: tb/unit/test_cli.sh [path/to/mdd]   (default build/bin/mdd). Last line: "cli: P passed, F failed".
set -u
MDD=${1:-build/bin/mdd}
PY=${PYTHON:-python3}
passed=0
failed=0

if [ ! -x "$MDD" ]; then
  echo "test_cli: $MDD is not an executable"
  echo "cli: 0 passed, 1 failed"
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mdd-cli-test.XXXXXX") || { echo "cli: 0 passed, 1 failed"; exit 1; }
trap 'rm -rf "$tmp"' EXIT

ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect_out DESCRIPTION EXPECTED CMD...: exit 0, stdout == EXPECTED, stderr empty.
expect_out() {
  local what=$1 want=$2; shift 2
  local out rc err
  out=$("$@" 2>"$tmp/stderr"); rc=$?
  err=$(cat "$tmp/stderr")
  if [ "$rc" -eq 0 ] && [ "$out" = "$want" ] && [ -z "$err" ]; then ok
  else fail "$what: got '$out' (exit $rc, stderr '$err'), want '$want'"; fi
}

# expect_error DESCRIPTION TEXT CMD...: exit 2, nothing on stdout, one stderr line containing TEXT
# (or equal to it when TEXT starts with '=').
expect_error() {
  local what=$1 pattern=$2; shift 2
  local out rc lines
  out=$("$@" 2>"$tmp/stderr" </dev/null); rc=$?
  lines=$(wc -l <"$tmp/stderr")
  local match=(-qF -- "$pattern")
  [ "${pattern#=}" != "$pattern" ] && match=(-qxF -- "${pattern#=}")
  if [ "$rc" -eq 2 ] && [ -z "$out" ] && [ "$lines" -eq 1 ] && grep "${match[@]}" "$tmp/stderr"; then ok
  else fail "$what: exit $rc, stdout '$out', stderr ($lines lines) '$(cat "$tmp/stderr")'"; fi
}

# ---- independent values ----
printf '123456789' >"$tmp/check"
: >"$tmp/empty"
head -c 32 /dev/zero >"$tmp/zeros32"
"$PY" - "$tmp" <<'PY'
import os, sys, random
d = sys.argv[1]
rnd = random.Random(20240521)
open(os.path.join(d, "ff32"), "wb").write(b"\xff" * 32)
open(os.path.join(d, "inc32"), "wb").write(bytes(range(32)))
open(os.path.join(d, "dec32"), "wb").write(bytes(range(31, -1, -1)))
# larger than the CLI's 1 MiB read chunk, odd length
open(os.path.join(d, "big"), "wb").write(rnd.randbytes(1024 * 1024 + 12345))
open(os.path.join(d, "a"), "wb").write(rnd.randbytes(70001))
open(os.path.join(d, "b"), "wb").write(rnd.randbytes(33333))
PY
cat "$tmp/a" "$tmp/b" >"$tmp/ab"

# CRC of a file in python: zlib for crc32, a byte-table CRC from the REFERENCE.md parameters for all four.
pycrc() {
  "$PY" - "$1" "$2" <<'PY'
import sys, zlib
alg, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
params = {  # width, poly, init, reflected, xorout
    "crc32c": (32, 0x1EDC6F41, 0xFFFFFFFF, True, 0xFFFFFFFF),
    "crc16-t10dif": (16, 0x8BB7, 0, False, 0),
    "crc32": (32, 0x04C11DB7, 0xFFFFFFFF, True, 0xFFFFFFFF),
    "crc64-nvme": (64, 0xAD93D23594C93659, (1 << 64) - 1, True, (1 << 64) - 1),
}
if alg == "zlib":
    print("0x%08x" % zlib.crc32(data)); sys.exit()
w, poly, init, refl, xorout = params[alg]
mask = (1 << w) - 1
def rev(v, n): return int(format(v, "0%db" % n)[::-1], 2)
table = []
for b in range(256):
    r = b << (w - 8)
    for _ in range(8):
        r = ((r << 1) ^ poly) & mask if r >> (w - 1) else (r << 1) & mask
    table.append(r)
r = rev(init, w) if refl else init  # init is in register order; work MSB-first on the normal form
for b in data:
    b = rev(b, 8) if refl else b
    r = table[((r >> (w - 8)) ^ b) & 0xFF] ^ ((r << 8) & mask)
r = rev(r, w) if refl else r
print("0x%0*x" % (w // 4, r ^ xorout))
PY
}

declare -A PYCRC
for alg in crc32c crc16-t10dif crc32 crc64-nvme zlib; do
  for f in big ab a b; do PYCRC[$alg/$f]=$(pycrc "$alg" "$tmp/$f"); done
done

# ---- crc ----
declare -A CHECK=([crc32c]=0xe3069283 [crc16-t10dif]=0xd0db [crc32]=0xcbf43926 [crc64-nvme]=0xae8b14860a799888)
declare -A EMPTY=([crc32c]=0x00000000 [crc16-t10dif]=0x0000 [crc32]=0x00000000 [crc64-nvme]=0x0000000000000000)
for alg in crc32c crc16-t10dif crc32 crc64-nvme; do
  expect_out "crc $alg check file" "${CHECK[$alg]}" "$MDD" crc --alg "$alg" "$tmp/check"
  expect_out "crc $alg check stdin" "${CHECK[$alg]}" sh -c "\"$MDD\" crc --alg $alg <\"$tmp/check\""
  expect_out "crc $alg check '-'" "${CHECK[$alg]}" sh -c "\"$MDD\" crc --alg=$alg - <\"$tmp/check\""
  expect_out "crc $alg empty file" "${EMPTY[$alg]}" "$MDD" crc --alg "$alg" "$tmp/empty"
  expect_out "crc $alg empty stdin" "${EMPTY[$alg]}" sh -c "\"$MDD\" crc --alg $alg </dev/null"
  expect_out "crc $alg 1 MiB+ file vs python table CRC" "${PYCRC[$alg/big]}" "$MDD" crc --alg "$alg" "$tmp/big"
  for impl in portable auto; do
    expect_out "crc $alg MDD_CRC_IMPL=$impl" "${PYCRC[$alg/ab]}" env MDD_CRC_IMPL=$impl "$MDD" crc --alg "$alg" "$tmp/ab"
  done
done
# the python table CRC itself against zlib, so the other algorithms' expected values can be trusted
for f in big ab a b; do
  if [ "${PYCRC[crc32/$f]}" = "${PYCRC[zlib/$f]}" ]; then ok; else fail "python table crc32 of $f disagrees with zlib"; fi
done
expect_out "crc32 vs zlib (1 MiB+)" "${PYCRC[zlib/big]}" "$MDD" crc --alg crc32 "$tmp/big"
expect_out "crc32 vs zlib (stdin)" "${PYCRC[zlib/ab]}" sh -c "cat \"$tmp/ab\" | \"$MDD\" crc --alg crc32"
expect_out "RFC 3720 32 x 00" 0x8a9136aa "$MDD" crc --alg crc32c "$tmp/zeros32"
expect_out "RFC 3720 32 x ff" 0x62a8ab43 "$MDD" crc --alg crc32c "$tmp/ff32"
expect_out "RFC 3720 00..1f" 0x46dd794e "$MDD" crc --alg crc32c "$tmp/inc32"
expect_out "RFC 3720 1f..00" 0x113fdb5c "$MDD" crc --alg crc32c "$tmp/dec32"

# ---- combine ----
len_b=$(wc -c <"$tmp/b")
for alg in crc32c crc16-t10dif crc32 crc64-nvme; do
  ca=${PYCRC[$alg/a]}; cb=${PYCRC[$alg/b]}
  expect_out "combine $alg" "${PYCRC[$alg/ab]}" "$MDD" combine --alg "$alg" "$ca" "$cb" "$len_b"
  expect_out "combine $alg decimal CRCs, hex length" "${PYCRC[$alg/ab]}" \
    "$MDD" combine --alg "$alg" "$(printf '%u' "$ca")" "$(printf '%u' "$cb")" "$(printf '0x%x' "$len_b")"
  expect_out "combine $alg with empty B" "$ca" "$MDD" combine --alg "$alg" "$ca" "${EMPTY[$alg]}" 0
  expect_out "combine $alg with empty A" "$cb" "$MDD" combine --alg "$alg" "${EMPTY[$alg]}" "$cb" "$len_b"
done
c1=${PYCRC[zlib/a]}; c2=${PYCRC[zlib/b]}
expect_out "combine crc32 uppercase 0X" "${PYCRC[zlib/ab]}" "$MDD" combine --alg crc32 "$(echo "$c1" | sed 's/^0x/0X/' | tr a-f A-F)" "$c2" "$len_b"
expect_out "combine crc32 LEN_B = 2^64-1 accepted" \
  "$("$MDD" combine --alg crc32 0x12345678 0 18446744073709551615)" "$MDD" combine --alg crc32 0x12345678 0 0xffffffffffffffff
expect_out "combine crc16 65535 fits" "$("$MDD" combine --alg crc16-t10dif 0xffff 0 7)" "$MDD" combine --alg crc16-t10dif 65535 0 7
expect_out "combine crc64 all-ones fits" "$("$MDD" combine --alg crc64-nvme 18446744073709551615 1 9)" \
  "$MDD" combine --alg crc64-nvme 0xffffffffffffffff 1 9

# ---- help ----
for args in "--help" "help" "-h"; do
  out=$("$MDD" $args 2>/dev/null); rc=$?
  if [ "$rc" -eq 0 ] && echo "$out" | grep -q 'crc --alg ALG' && echo "$out" | grep -q 'combine --alg ALG'; then ok
  else fail "mdd $args: exit $rc"; fi
done
out=$("$MDD" help combine 2>/dev/null); rc=$?
if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^usage: mdd combine'; then ok; else fail "mdd help combine: exit $rc"; fi
out=$("$MDD" crc --help 2>/dev/null); rc=$?
if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^usage: mdd crc'; then ok; else fail "mdd crc --help: exit $rc"; fi

# ---- errors: exit 2, one stderr line ----
expect_error "no subcommand" 'missing subcommand' "$MDD"
expect_error "unknown subcommand" 'unknown subcommand "frob"' "$MDD" frob
expect_error "help for unknown subcommand" 'unknown subcommand "frob"' "$MDD" help frob
expect_error "unknown algorithm" 'unknown algorithm "crc99"' "$MDD" crc --alg crc99 "$tmp/check"
expect_error "unknown algorithm (=)" 'unknown algorithm "CRC32"' "$MDD" crc --alg=CRC32 "$tmp/check"
expect_error "missing --alg" 'missing --alg' "$MDD" crc "$tmp/check"
expect_error "--alg without name" '--alg needs' "$MDD" crc --alg
expect_error "unknown option" 'unknown option "--frob"' "$MDD" crc --alg crc32 --frob "$tmp/check"
expect_error "extra argument" 'unexpected argument' "$MDD" crc --alg crc32 "$tmp/check" "$tmp/check"
expect_error "missing file" "cannot open \"$tmp/nope\"" "$MDD" crc --alg crc32 "$tmp/nope"
expect_error "unreadable (directory)" "cannot read \"$tmp\"" "$MDD" crc --alg crc32 "$tmp"
expect_error "combine: missing --alg" 'missing --alg' "$MDD" combine 1 2 3
expect_error "combine: missing LEN_B" 'missing LEN_B' "$MDD" combine --alg crc32c 0x1 0x2
expect_error "combine: missing CRC_B" 'missing CRC_B' "$MDD" combine --alg crc32c 0x1
expect_error "combine: missing all" 'missing CRC_A' "$MDD" combine --alg crc32c
expect_error "combine: extra argument" 'unexpected argument "4"' "$MDD" combine --alg crc32c 1 2 3 4
expect_error "combine: CRC_A too wide (brief example)" '=mdd: combine: CRC_A "0x1ffffffff" does not fit crc32c (32 bits)' \
  "$MDD" combine --alg crc32c 0x1ffffffff 0 1
expect_error "combine: CRC_B too wide for crc16" 'CRC_B "65536" does not fit crc16-t10dif (16 bits)' \
  "$MDD" combine --alg crc16-t10dif 0 65536 1
expect_error "combine: CRC_A beyond 64 bits" 'CRC_A "0x1ffffffffffffffff" does not fit crc64-nvme (64 bits)' \
  "$MDD" combine --alg crc64-nvme 0x1ffffffffffffffff 0 1
for bad in 12g -1 +5 0x "" " 5" 0x12z 1.5; do
  expect_error "combine: malformed CRC_B '$bad'" "CRC_B \"$bad\" is not a 0x-hex or decimal number" \
    "$MDD" combine --alg crc32 1 "$bad" 3
done
expect_error "combine: malformed LEN_B" 'LEN_B "ten" is not a decimal or 0x-hex number' "$MDD" combine --alg crc32 1 2 ten
expect_error "combine: LEN_B = 2^64" 'LEN_B "18446744073709551616" is out of range' \
  "$MDD" combine --alg crc32 1 2 18446744073709551616
expect_error "combine: LEN_B = 0x1_0000_0000_0000_0000" 'LEN_B "0x10000000000000000" is out of range' \
  "$MDD" combine --alg crc32 1 2 0x10000000000000000

# ---- tx: the TX model's wire stream as a pcap, judged by tshark (installed by make deps) ----
# Every PDU decoded, every iSCSI header/data digest and MPA CRC "Good CRC32", none "Bad" (the preferences are
# those of tb/unit/test_pcap.c and docs/pcap.md); a flipped byte must turn exactly one verdict Bad.
TSHARK_PREFS=(-n -o tcp.desegment_tcp_streams:TRUE -o tcp.relative_sequence_numbers:TRUE
  -o iscsi.desegment_iscsi_messages:TRUE -o iscsi.target_ports:3260
  --enable-heuristic iwarp_mpa_tcp --disable-protocol iwarp_ddp_rdmap)
tx_pcap_check() { # DESCRIPTION PDUS GOOD_VERDICTS ARGS...
  local what=$1 pdus=$2 good=$3; shift 3
  if ! command -v tshark >/dev/null; then fail "$what: tshark not found (make deps installs it)"; return; fi
  if ! "$MDD" tx "$@" --pcap "$tmp/tx.pcap" >"$tmp/tx.out" 2>"$tmp/stderr"; then
    fail "$what: mdd tx failed: $(cat "$tmp/stderr")"; return; fi
  local v n_good n_bad n_pdu
  v=$(WIRESHARK_CONFIG_DIR="$tmp" tshark -r "$tmp/tx.pcap" "${TSHARK_PREFS[@]}" -O iscsi,iwarp_mpa -V 2>/dev/null)
  n_good=$(grep -cE "(HeaderDigest|DataDigest|CRC check): 0x.*\(Good CRC32\)" <<<"$v")
  n_bad=$(grep -c "Bad CRC32" <<<"$v")
  n_pdu=$(WIRESHARK_CONFIG_DIR="$tmp" tshark -r "$tmp/tx.pcap" "${TSHARK_PREFS[@]}" -T fields -E occurrence=a \
          -E 'aggregator=|' -e iscsi.opcode -e iwarp_mpa.ulpdulength 2>/dev/null | tr '|\t' '\n\n' | grep -c .)
  if [ "$n_good" -eq "$good" ] && [ "$n_bad" -eq 0 ] && [ "$n_pdu" -eq "$pdus" ]; then ok
  else fail "$what: tshark: $n_pdu PDUs (want $pdus), $n_good good verdicts (want $good), $n_bad bad"; fi
}
tx_pcap_check "tx: MPA, markers, DIF insert" 24 24 --proto mpa --markers --pdus 24 --dif insert --seed 2
tx_pcap_check "tx: MPA, no markers" 17 17 --proto mpa --pdus 17 --data-min 1 --data-max 300 --seed 4
tx_pcap_check "tx: iSCSI, both digests, DIF keep" 12 24 --proto iscsi --pdus 12 --data-min 1 --dif keep --seed 5
tx_pcap_check "tx: iSCSI, header digest only" 9 9 --proto iscsi --pdus 9 --no-ddig --seed 6
# negative control: the last byte of the largest frame of a capture (an FPDU's CRC) flipped: exactly one Bad
if command -v tshark >/dev/null && "$MDD" tx --proto mpa --pdus 5 --seed 7 --pcap "$tmp/tx.pcap" >/dev/null 2>&1; then
  python3 - "$tmp/tx.pcap" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
# pcap records: 16-byte header (incl_len at +8), then the frame; the largest one is an FPDU, its last byte CRC
off, best, best_len = 24, None, 0
while off + 16 <= len(b):
    n = int.from_bytes(b[off + 8:off + 12], 'little')
    if n > best_len:
        best, best_len = off + 16, n
    off += 16 + n
b[best + best_len - 1] ^= 0x01
open(p, 'wb').write(b)
PY
  v=$(WIRESHARK_CONFIG_DIR="$tmp" tshark -r "$tmp/tx.pcap" "${TSHARK_PREFS[@]}" -O iwarp_mpa -V 2>/dev/null)
  nb=$(grep -c "Bad CRC32" <<<"$v")
  if [ "$nb" -eq 1 ]; then ok; else fail "tx: flipped CRC byte: $nb Bad verdicts, want 1"; fi
else
  fail "tx: negative control could not run (tshark or mdd tx)"
fi
expect_error "tx: bad proto" '--proto: "fc" is not iscsi or mpa' "$MDD" tx --proto fc
expect_error "tx: bad dif" '--dif: "strip" is not none, keep or insert' "$MDD" tx --dif strip
expect_error "tx: pdus 0" '--pdus: 0 is out of range' "$MDD" tx --pdus 0
expect_error "tx: data range" '--data-min 10 is above --data-max 5' "$MDD" tx --data-min 10 --data-max 5
expect_error "tx: unknown option" 'unexpected argument "--frob"' "$MDD" tx --frob
expect_error "tx: missing value" '--pcap needs a value' "$MDD" tx --pcap

# ---- compare: two waveforms, plain or gzip ----
# An RTL-like dump (ports under TOP and again in the module, a generate scope) and a twin-like flat one with
# the same values; "changed" differs from the RTL dump in one value at time 25 (cycle 2).
cat >"$tmp/rtl.vcd" <<'VCD'
$timescale 1ps $end
$scope module TOP $end
 $var wire 1 ! clk $end
 $var wire 8 " q [7:0] $end
 $scope module dut $end
  $var wire 1 ! clk $end
  $var wire 8 " q [7:0] $end
  $scope module g_st[0] $end
   $var wire 4 # r [3:0] $end
  $upscope $end
 $upscope $end
$upscope $end
$enddefinitions $end
#0
0! b0 " b0 #
#5
1! b101 " b1 #
#10
0!
#15
1! b11110000 "
#20
0!
#25
1! b1010 #
#30
0!
VCD
cat >"$tmp/model.vcd" <<'VCD'
$timescale 1ps $end
$scope module model $end
$var wire 1 ! clk $end
$var wire 8 " q $end
$var wire 4 # g_st_0_r $end
$var wire 3 $ only_here $end
$upscope $end
$enddefinitions $end
#0
0! b0 " b0 # b0 $
#5
1! b101 " b1 #
#10
0!
#15
1! b11110000 "
#20
0!
#25
1! b1010 #
#30
0!
VCD
sed 's/^1! b1010 #$/1! b1011 #/' "$tmp/model.vcd" >"$tmp/changed.vcd"
"$PY" -c 'import gzip, shutil, sys; shutil.copyfileobj(open(sys.argv[1], "rb"), gzip.open(sys.argv[2], "wb"))' \
  "$tmp/rtl.vcd" "$tmp/rtl.vcd.gz"
"$PY" -c 'import gzip, shutil, sys; shutil.copyfileobj(open(sys.argv[1], "rb"), gzip.open(sys.argv[2], "wb"))' \
  "$tmp/changed.vcd" "$tmp/changed.vcd.gz"
head -c $(($(wc -c <"$tmp/rtl.vcd.gz") / 2)) "$tmp/rtl.vcd.gz" >"$tmp/cut.vcd.gz"

expect_out "compare: RTL and twin agree" "traces agree on 3 signals over 4 cycles (2 signals only in A, 1 only in B)" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/model.vcd"
expect_out "compare: a dump with itself" "traces agree on 5 signals over 4 cycles (0 signals only in A, 0 only in B)" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/rtl.vcd"
expect_out "compare: gzip against plain" "traces agree on 5 signals over 4 cycles (0 signals only in A, 0 only in B)" \
  "$MDD" compare "$tmp/rtl.vcd.gz" "$tmp/rtl.vcd"
expect_out "compare: --period 5" "traces agree on 3 signals over 7 cycles (1 signals only in A, 2 only in B)" \
  "$MDD" compare --period 5 "$tmp/model.vcd" "$tmp/rtl.vcd.gz"
expect_out "compare: --signal leaves the changed one out" \
  "traces agree on 2 signals over 4 cycles (2 signals only in A, 1 only in B)" \
  "$MDD" compare --signal clk --signal q "$tmp/rtl.vcd" "$tmp/changed.vcd"
sed 's/^\$var wire 8 " q \$end$/$var wire 16 " q $end/' "$tmp/model.vcd" >"$tmp/wide.vcd"
expect_out "compare: widths differ, compared as numbers" \
  "$(printf '%s\n%s' 'note: q is 8 bits in A and 16 bits in B: compared as numbers' \
    'traces agree on 3 signals over 4 cycles (2 signals only in A, 1 only in B)')" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/wide.vcd"
# expect_differ DESCRIPTION FIRST_LINE LAST_LINE CMD...: exit 1, those stdout lines, stderr empty.
expect_differ() {
  local what=$1 first=$2 last=$3; shift 3
  local out rc err
  out=$("$@" 2>"$tmp/stderr"); rc=$?
  err=$(cat "$tmp/stderr")
  if [ "$rc" -eq 1 ] && [ "$(head -n 1 <<<"$out")" = "$first" ] && [ "$(tail -n 1 <<<"$out")" = "$last" ] \
     && [ -z "$err" ]; then ok
  else fail "$what: exit $rc, stdout '$out', stderr '$err'"; fi
}
expect_differ "compare: one value changed" \
  "differ: time=25 cycle=2 signal=g_st_0_r a=0xa b=0xb (A: TOP.dut.g_st[0].r, B: model.g_st_0_r)" \
  "traces differ at cycle 2 (time 25) on 1 of 3 signals" "$MDD" compare "$tmp/rtl.vcd" "$tmp/changed.vcd"
expect_differ "compare: one value changed, gzip, --period 5, --signals" \
  "differ: time=25 cycle=5 signal=g_st_0_r a=0xb b=0xa (A: model.g_st_0_r, B: TOP.dut.g_st[0].r)" \
  "traces differ at cycle 5 (time 25) on 1 of 2 signals" \
  "$MDD" compare --period=5 --signals q,g_st_0_r "$tmp/changed.vcd.gz" "$tmp/rtl.vcd.gz"
printf '$scope module m $end\n$var wire 1 ! clk $end\n$upscope $end\n$enddefinitions $end\n#0\nb2 !\n' >"$tmp/bad.vcd"
printf '$var wire 1 ! other $end\n$enddefinitions $end\n#0\n0!\n' >"$tmp/other.vcd"
expect_error "compare: missing file" "mdd: compare: $tmp/nope.vcd: cannot open: No such file or directory" \
  "$MDD" compare "$tmp/nope.vcd" "$tmp/rtl.vcd"
expect_error "compare: malformed VCD names the line" \
  "=mdd: compare: $tmp/bad.vcd:6: '2' in the value for code \"!\" is not a bit (0, 1, x, z)" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/bad.vcd"
expect_error "compare: not a VCD" "$tmp/check:1: \"123456789\" in the header" "$MDD" compare "$tmp/check" "$tmp/rtl.vcd"
expect_error "compare: truncated gzip" "$tmp/cut.vcd.gz: cannot read: unexpected end of file" \
  "$MDD" compare "$tmp/cut.vcd.gz" "$tmp/rtl.vcd"
expect_error "compare: no common signal" "no signal is in both $tmp/rtl.vcd and $tmp/other.vcd" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/other.vcd"
expect_error "compare: unknown --signal" 'signal "only_here" is not in both traces' \
  "$MDD" compare --signal only_here "$tmp/rtl.vcd" "$tmp/model.vcd"
expect_error "compare: --period 0" '--period: 0 is out of range' "$MDD" compare --period 0 "$tmp/rtl.vcd" "$tmp/model.vcd"
expect_error "compare: empty --signals item" '--signals: empty name in "q,,clk"' \
  "$MDD" compare --signals q,,clk "$tmp/rtl.vcd" "$tmp/model.vcd"
expect_error "compare: missing B" 'missing B' "$MDD" compare "$tmp/rtl.vcd"
expect_error "compare: missing both" 'missing A and B' "$MDD" compare
expect_error "compare: extra argument" "unexpected argument \"$tmp/rtl.vcd\"" \
  "$MDD" compare "$tmp/rtl.vcd" "$tmp/model.vcd" "$tmp/rtl.vcd"
expect_error "compare: unknown option" 'unknown option "--frob"' "$MDD" compare --frob "$tmp/rtl.vcd" "$tmp/model.vcd"
out=$("$MDD" help compare 2>/dev/null); rc=$?
if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^usage: mdd compare'; then ok; else fail "mdd help compare: exit $rc"; fi

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
