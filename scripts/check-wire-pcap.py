#!/usr/bin/env python3
"""The wire captures of the core harness (pcap=PREFIX, docs/pcap.md "The captures of make sim"), judged by tshark.

Usage: scripts/check-wire-pcap.py SUITE HARNESS PREFIX [harness arguments ...]

Runs HARNESS (the core's lockstep binary) with the arguments and pcap=PREFIX, which must pass and print one line
per capture; then decodes PREFIX_rx.pcap and PREFIX_tx.pcap with tshark (independent of this project) and holds
them to the line and to the connection tables PREFIX_rx.tsv / PREFIX_tx.tsv the harness wrote:
  file        frame count, data frames and bytes, connections = the line; every IPv4 and TCP checksum Good;
              time stamps never decrease;
  connection  the sender's data frames and bytes = the table; every data frame stamped on a whole cycle, the
              last one at the cycle of the connection's last byte; sequence numbers relative to the stream's
              tcp_seq inside the stream, and for a connection captured in order, frames that tile it in order;
  decode      on every connection the table marks as one Wireshark decodes whole (ws = 1): the iSCSI PDUs / MPA
              FPDUs tshark finds = the PDUs captured, its digest / CRC verdicts = the digests of those PDUs, the
              Bad ones = those the stimulus's bit flips spoil (TX: none); the totals = the line;
  coverage    per direction at least one such iSCSI and one such MPA connection with PDUs; RX: one with a Bad
              verdict from a flip and one with flips and digests whose count the flips do not reach
Last line: "SUITE: P passed, F failed". A missing tshark fails the suite.
"""
import collections
import decimal
import os
import re
import shutil
import subprocess
import sys
import tempfile

from suite import Suite

PREFS = [
    "-n", "-o", "ip.check_checksum:TRUE", "-o", "tcp.check_checksum:TRUE", "-o", "tcp.desegment_tcp_streams:TRUE",
    "-o", "tcp.analyze_sequence_numbers:TRUE", "-o", "tcp.relative_sequence_numbers:TRUE",
    "-o", "iscsi.desegment_iscsi_messages:TRUE", "-o", "iscsi.bogus_pdu_filter:TRUE", "-o", "iscsi.target_ports:3260",
    "--enable-heuristic", "iwarp_mpa_tcp", "--disable-protocol", "iwarp_ddp_rdmap",
]
FIELDS = ["frame.number", "frame.time_epoch", "tcp.stream", "tcp.srcport", "tcp.dstport", "tcp.len", "tcp.seq_raw",
          "ip.checksum.status", "tcp.checksum.status", "iscsi.opcode", "iwarp_mpa.ulpdulength"]
LINE = re.compile(r"^pcap (\S+) \((\S+)\): (\d+) connections, (\d+) frames \((\d+) data\), (\d+) bytes, cycles at "
                  r"(\S+) MHz; (\d+) connections Wireshark decodes whole \((\d+) PDUs\), all listed in (\S+)$")

tally = Suite("core-pcap")  # renamed in main() after the suite name given
check = tally.check


def tshark(path, args, env):
    r = subprocess.run(["tshark"] + PREFS + ["-r", path] + args, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise RuntimeError("tshark on %s failed (%d): %s" % (path, r.returncode, r.stderr.strip()[-400:]))
    return r.stdout


def verdicts(text):
    """(Good, Bad) digest / CRC verdicts per sending port pair, from tshark -V."""
    out = collections.defaultdict(lambda: [0, 0])
    ports = None
    for line in text.splitlines():
        if line.startswith("Frame "):
            ports = None
        m = re.match(r"Transmission Control Protocol, Src Port: (\d+), Dst Port: (\d+)", line)
        if m:
            ports = (int(m.group(1)), int(m.group(2)))
        if ports is None:
            continue
        out[ports][0] += line.count("(Good CRC32)")
        out[ports][1] += line.count("(Bad CRC32")
    return out


def judge(side, line, env):
    """All checks of one capture; its line's numbers in `line` (a regex match)."""
    path, mhz, tsv = line.group(1), decimal.Decimal(line.group(7)), line.group(10)
    n_conn, n_frames, n_data, n_bytes = (int(line.group(k)) for k in (3, 4, 5, 6))
    ws_conns, ws_pdus = int(line.group(8)), int(line.group(9))
    rows = [l.rstrip("\n").split("\t") for l in open(tsv)]
    head, rows = rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]
    check(len(rows) == n_conn, "%s: %d rows in %s, the line says %d connections" % (side, len(rows), tsv, n_conn))

    frames = []
    for l in tshark(path, ["-T", "fields", "-E", "separator=/t", "-E", "occurrence=a", "-E", "aggregator=|"] +
                    sum((["-e", f] for f in FIELDS), []), env).splitlines():
        c = dict(zip(FIELDS, l.split("\t")))
        frames.append(c)
    check(len(frames) == n_frames, "%s: tshark reads %d frames, the line says %d" % (side, len(frames), n_frames))
    bad_ck = [f["frame.number"] for f in frames if f["ip.checksum.status"] != "1" or f["tcp.checksum.status"] != "1"]
    check(not bad_ck, "%s: IPv4/TCP checksums not Good in frames %s" % (side, bad_ck[:10]))
    times = [decimal.Decimal(f["frame.time_epoch"]) for f in frames]
    back = [frames[k]["frame.number"] for k in range(1, len(times)) if times[k] < times[k - 1]]
    check(not back, "%s: time stamps go backwards at frames %s" % (side, back[:10]))
    streams = {f["tcp.stream"] for f in frames}
    check(len(streams) == n_conn, "%s: %d TCP streams, the line says %d connections" % (side, len(streams), n_conn))

    good_bad = verdicts(tshark(path, ["-O", "iscsi,iwarp_mpa", "-V"], env))
    by_port = {int(r["client_port"]): r for r in rows}
    data = collections.defaultdict(list)  # client port -> the sender's data frames (offset, len, time, pdus)
    pdus = collections.Counter()
    for f, t in zip(frames, times):
        sp, dp = int(f["tcp.srcport"]), int(f["tcp.dstport"])
        client = max(sp, dp)  # client ports are 49152 and up, server ports below
        pdus[client] += len([x for x in f["iscsi.opcode"].split("|") if x]) + \
            len([x for x in f["iwarp_mpa.ulpdulength"].split("|") if x])
        r = by_port.get(client)
        if r is None or int(f["tcp.len"]) == 0:
            continue
        sender = int(r["server_port"]) if r["proto"] == "iscsi" else client
        off = (int(f["tcp.seq_raw"]) - int(r["tcp_seq"])) % (1 << 32)
        if sp != sender or off >= 1 << 31:  # the peer's bytes, or the MPA Request/Reply before the stream
            continue
        data[client].append((off, int(f["tcp.len"]), t, f["frame.number"]))
    check(sum(len(v) for v in data.values()) == n_data,
          "%s: %d data frames, the line says %d" % (side, sum(len(v) for v in data.values()), n_data))
    check(sum(n for v in data.values() for _, n, _, _ in v) == n_bytes,
          "%s: %d data bytes, the line says %d" % (side, sum(n for v in data.values() for _, n, _, _ in v), n_bytes))

    got_ws = got_ws_pdus = 0
    seen = collections.Counter()
    for r in rows:
        port, name = int(r["client_port"]), "%s connection %s (port %s, %s)" % (side, r["conn"], r["client_port"],
                                                                                  r["proto"])
        d = data[port]
        ok = check(len(d) == int(r["frames"]) and sum(n for _, n, _, _ in d) == int(r["bytes"]),
                   "%s: %d data frames / %d bytes, the table says %s / %s" %
                   (name, len(d), sum(n for _, n, _, _ in d), r["frames"], r["bytes"]))
        if not ok or not d:
            continue
        cycles = [t * 1000000 * mhz for _, _, t, _ in d]
        check(all(c == c.to_integral_value() for c in cycles), "%s: a frame not on a whole cycle at %s MHz" %
              (name, mhz))
        check(min(cycles) >= int(r["first_cycle"]) and max(cycles) == int(r["last_cycle"]),
              "%s: frames at cycles %s..%s, its bytes crossed at %s..%s" %
              (name, min(cycles), max(cycles), r["first_cycle"], r["last_cycle"]))
        if r["proto"] != "junk":
            inside = all(o + n <= int(r["stream_bytes"]) for o, n, _, _ in d) or r["note"].startswith("bytes differ")
            check(inside, "%s: a frame's sequence numbers lie outside the stream's %s bytes" % (name,
                                                                                               r["stream_bytes"]))
        if r["in_order"] == "1":
            at, tiled = 0, True
            for o, n, _, _ in d:
                tiled &= o == at
                at = o + n
            check(tiled, "%s: captured in order, but its frames do not tile it in order" % name)
        if r["ws"] != "1":
            continue
        got_ws += 1
        got_ws_pdus += pdus[port]
        seen[(r["proto"], int(r["pdus"]) > 0)] += 1
        sender = (int(r["server_port"]), port) if r["proto"] == "iscsi" else (port, int(r["server_port"]))
        good, bad = good_bad[sender]
        check(pdus[port] == int(r["pdus"]), "%s: tshark decodes %d PDUs, %s were captured" % (name, pdus[port],
                                                                                            r["pdus"]))
        check(good + bad == int(r["digests"]) and bad == int(r["bad"]),
              "%s: tshark's verdicts %d Good, %d Bad; the PDUs carry %s digests, the flips spoil %s" %
              (name, good, bad, r["digests"], r["bad"]))
        if side == "tx":
            check(bad == 0, "%s: %d Bad digests on TX" % (name, bad))
    check(got_ws == ws_conns and got_ws_pdus == ws_pdus,
          "%s: %d connections decoded whole with %d PDUs, the line says %d with %d" %
          (side, got_ws, got_ws_pdus, ws_conns, ws_pdus))
    check(seen[("iscsi", True)] > 0 and seen[("mpa", True)] > 0,
          "%s: no iSCSI or no MPA connection with PDUs that Wireshark decodes whole (%s): a longer run?" %
          (side, dict(seen)))
    if side == "rx":
        ws = [r for r in rows if r["ws"] == "1"]
        check(any(int(r["bad"]) > 0 for r in ws), "rx: no connection decoded whole with a flipped digest")
        check(any(int(r["flips"]) > 0 and int(r["bad"]) < int(r["digests"]) for r in ws),
              "rx: no connection decoded whole with flips and digests the flips do not reach")
    print("%s: %s: %d connections (%d decoded whole, %d PDUs), %d frames, %d bytes" %
          (side, path, n_conn, ws_conns, ws_pdus, n_frames, n_bytes))


def main():
    if len(sys.argv) < 4:
        print(__doc__.strip().splitlines()[2])
        return 2
    tally.name, harness, prefix, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    if not shutil.which("tshark"):
        check(False, "tshark not found (make deps installs it)")
    else:
        for d in ("rx", "tx"):
            for ext in ("pcap", "tsv"):
                if os.path.exists("%s_%s.%s" % (prefix, d, ext)):
                    os.remove("%s_%s.%s" % (prefix, d, ext))
        r = subprocess.run([harness] + args + ["pcap=" + prefix], capture_output=True, text=True)
        out = r.stdout + r.stderr
        check(r.returncode == 0 and re.search(r"^\S+: \d+ passed, 0 failed$", out, re.M) is not None,
              "the harness run failed (exit %d):\n%s" % (r.returncode, out[-3000:]))
        lines = {m.group(2): m for m in (LINE.match(l) for l in out.splitlines()) if m}
        with tempfile.TemporaryDirectory() as conf:
            env = dict(os.environ, WIRESHARK_CONFIG_DIR=conf)  # no user profile changes the verdicts
            for side, port in (("rx", "s_axis_rx"), ("tx", "m_axis_tx")):
                if check(port in lines and lines[port].group(1) == "%s_%s.pcap" % (prefix, side),
                         "no capture line for %s_%s.pcap" % (prefix, side)):
                    try:
                        judge(side, lines[port], env)
                    except (OSError, RuntimeError) as e:
                        check(False, "%s: %s" % (side, e))
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
