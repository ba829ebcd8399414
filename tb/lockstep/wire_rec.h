// SPDX-License-Identifier: MIT
//
// Wire capture of a lockstep bench side (docs/pcap.md, "The captures of make sim"): the bytes the side moved
// across one wire port (RX: beats the core accepted on s_axis_rx; TX: beats it sent on m_axis_tx), each with its
// traffic-generator stream, its offset in that stream and the cycle its beat crossed the port; at the end of the
// run, a pcap file (model/mdd_pcap.c does the framing) and a table of its connections.
//
// The side calls open() once per stream (before its bytes; streams that never get a byte on the wire leave no
// trace), bytes() for every beat that crossed, junk() for bytes of no stream. A bench that gives its sides no
// recorder gets none of this and pays nothing.
//
// From bytes to TCP segments: a stream is one TCP connection whose sequence number of stream byte 0 is the
// stream's own tcp_seq (the descriptors' TCP_SEQ); its planned segment ends are its PDU ends
// (mdd_pcap_seg_at_pdus: one PDU/FPDU per segment, which Wireshark's MPA dissector needs). Bytes that cross the
// port one after the other at consecutive offsets of a stream fill its current segment; the segment becomes a
// frame when its planned end is reached, when the next byte of that stream is not the next offset (a transfer
// that starts elsewhere: a repeat or a jump), when bytes sent again reach the first new one (TCP takes a segment
// that starts with old bytes for a retransmission) or when the run ends. A frame carries the cycle of its last
// byte, so the frames of all connections interleave in cycle order, and its own sequence number, so bytes sent
// again or out of order appear as TCP shows them. Bytes of no stream (RX junk transfers) go into one connection
// of their own on the RAW port, a segment per transfer.
//
// The table (PATH with .pcap replaced by .tsv) lists per connection its port, protocol, what was captured and,
// from the stream's layout and the flips the stimulus made, what Wireshark must show: the PDUs captured whole,
// their digests / CRCs, how many of those the flips spoil, and whether the connection is one Wireshark 4.0
// decodes completely ("ws" = 1; otherwise the reason: docs/pcap.md lists what it cannot decode).
#pragma once

extern "C" {
#include "mdd/formats.h"
#include "mdd_pcap.h"
#include "mdd_trafgen.h"
}

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace ls {

class WireRec {
  public:
    static constexpr uint32_t kNone = UINT32_MAX;  // "no stream": a transfer's stream id when it has none

    // A new stream: its wire image (the bytes a correct side puts on the wire, with the stimulus's flips
    // applied), layout and configuration; flips = (wire offset, XOR mask) the stimulus applied. Returns its id.
    uint32_t open(const mdd_gen_stream &s, const std::vector<std::pair<size_t, uint8_t>> &flips = {}) {
        Stream st;
        st.cfg = s.cfg;
        st.wire.assign(s.wire, s.wire + s.wire_len);
        st.have.assign(s.wire_len, false);
        st.pdu_end.assign(s.pdu_end, s.pdu_end + s.n_pdus);
        st.pdu_dig.resize(s.n_pdus);
        const bool mpa = s.cfg.proto == MDD_PROTO_MPA;
        size_t first_data = s.n_pdus;
        for (uint32_t k = 0; k < s.n_pdus; ++k) {
            const bool data = s.pdu_data_len[k] > 0;
            st.pdu_dig[k] = (uint8_t)((s.cfg.hdig_en && !mpa ? kHdig : 0) | (s.cfg.ddig_en && (mpa || data) ? kDdig : 0));
            if (!mpa && s.pdu_hdr_len[k] != MDD_ISCSI_BHS_LEN) st.ahs = true;
            // Wireshark's Data-In check: opcode bits 7:6, flags bits 5:3 and byte 2 zero (legal_bhs=1 builds them)
            const uint32_t a = s.pdu_start[k];
            if (!mpa && a + 2 < s.wire_len && ((s.wire[a] & 0xC0) || (s.wire[a + 1] & 0x38) || s.wire[a + 2]))
                st.bhs = true;
            if (data && first_data == s.n_pdus) first_data = k;
            const uint32_t len = s.pdu_end[k] + 1 - (k ? s.pdu_end[k - 1] + 1 : 0);
            if (len > MDD_PCAP_MAX_SEG) st.huge = true;
        }
        st.first_data = (uint32_t)first_data;
        // net flips (two flips of one bit cancel), with what they hit
        std::vector<std::pair<size_t, uint8_t>> net(flips);
        std::sort(net.begin(), net.end());
        for (size_t i = 0; i < net.size();) {
            size_t j = i;
            uint8_t m = 0;
            for (; j < net.size() && net[j].first == net[i].first; ++j) m ^= net[j].second;
            const size_t o = net[i].first;
            if (m && o < s.wire_len) st.flips.push_back({o, (uint8_t)(s.tag[o] & 7u), s.pdu_of[o], s.off_of[o]});
            i = j;
        }
        // planned segment ends: one per PDU (the first iSCSI PDU with data never cut, for Wireshark's digest
        // detection), the bytes after the last PDU in segments of their own
        const size_t n_whole = mpa ? 0 : first_data + 1;
        st.seg_end.resize(mdd_pcap_seg_count(s.pdu_end, s.n_pdus, s.wire_len, 0, n_whole));
        mdd_pcap_seg_at_pdus(s.pdu_end, s.n_pdus, s.wire_len, 0, n_whole, st.seg_end.data());
        streams_.push_back(std::move(st));
        return (uint32_t)(streams_.size() - 1);
    }

    // n bytes of stream id, at stream offsets off.., crossed the port in cycle.
    void bytes(uint32_t id, uint64_t off, const uint8_t *b, size_t n, uint64_t cycle) {
        Stream &s = streams_.at(id);
        for (size_t i = 0; i < n; ++i) put(id, s, off + i, b[i], cycle, false);
    }

    // n bytes of no stream crossed the port in cycle; last: the end of their transfer (ends a segment).
    void junk(const uint8_t *b, size_t n, uint64_t cycle, bool last) {
        if (junk_id_ == kNone) {
            Stream st;
            st.cfg.proto = MDD_PROTO_RAW;
            st.junk = true;
            streams_.push_back(std::move(st));
            junk_id_ = (uint32_t)(streams_.size() - 1);
        }
        Stream &s = streams_[junk_id_];
        for (size_t i = 0; i < n; ++i) put(junk_id_, s, s.high, b[i], cycle, last && i + 1 == n);
    }

    // The capture: path (.pcap) and its table (.tsv), at clock mhz (cycle c at c * 1000 / mhz ns after the
    // epoch). Returns false with err set when a file cannot be written; line = the one-line summary.
    bool write(const std::string &path, const char *port, double mhz, std::string &line, std::string &err) {
        for (uint32_t id = 0; id < streams_.size(); ++id) flush(id, streams_[id]);
        // connections in the order of their first byte on the wire
        std::vector<uint32_t> order;
        for (uint32_t id = 0; id < streams_.size(); ++id)
            if (streams_[id].bytes) order.push_back(id);
        std::sort(order.begin(), order.end(),
                  [&](uint32_t a, uint32_t b) { return streams_[a].first_seq < streams_[b].first_seq; });
        std::vector<uint32_t> conn_of(streams_.size(), kNone);
        std::vector<mdd_pcap_conn> conns;
        for (uint32_t id : order) {
            conn_of[id] = (uint32_t)conns.size();
            conns.push_back(conn_for(streams_[id], conns.size()));
        }
        std::stable_sort(frames_.begin(), frames_.end(),
                         [](const Frame &a, const Frame &b) { return a.cycle < b.cycle; });
        std::vector<mdd_pcap_seg> segs;
        segs.reserve(frames_.size());
        uint64_t bytes = 0;
        for (const Frame &f : frames_) {
            segs.push_back({conn_of[f.stream], f.off, f.data.data(), f.data.size(), cycle_ns(f.cycle, mhz)});
            bytes += f.data.size();
        }
        char e[256];
        size_t n_frames = 0;
        if (mdd_pcap_write_conns(path.c_str(), conns.data(), conns.size(), segs.data(), segs.size(), &n_frames, e,
                                 sizeof e) != 0) {
            err = e;
            return false;
        }
        const std::string tsv = table_name(path);
        uint64_t ws_conns = 0, ws_pdus = 0;
        if (!write_table(tsv, order, conns, ws_conns, ws_pdus)) {
            err = "cannot write " + tsv + ": " + std::strerror(errno);
            return false;
        }
        char b[512];
        std::snprintf(b, sizeof b,
                      "pcap %s (%s): %zu connections, %zu frames (%zu data), %" PRIu64
                      " bytes, cycles at %g MHz; %" PRIu64 " connections Wireshark decodes whole (%" PRIu64
                      " PDUs), all listed in %s",
                      path.c_str(), port, conns.size(), n_frames, segs.size(), bytes, mhz, ws_conns, ws_pdus,
                      tsv.c_str());
        line = b;
        return true;
    }

    static std::string table_name(const std::string &path) {
        const std::string ext = ".pcap";
        if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
            return path.substr(0, path.size() - ext.size()) + ".tsv";
        return path + ".tsv";
    }

  private:
    enum : uint8_t { kHdig = 1, kDdig = 2 };

    struct Flip {
        size_t off;
        uint8_t kind;
        uint32_t pdu, pdu_off;  // generator's pdu_of / off_of
    };

    struct Stream {
        mdd_gen_cfg cfg{};
        bool junk = false, ahs = false, huge = false, bhs = false;
        std::vector<uint8_t> wire;
        std::vector<bool> have;  // per stream offset: captured
        std::vector<uint32_t> pdu_end;
        std::vector<uint8_t> pdu_dig;  // per PDU: kHdig, kDdig
        uint32_t first_data = 0;       // iSCSI: the first PDU with a data segment
        std::vector<Flip> flips;
        std::vector<size_t> seg_end;
        // the capture
        uint64_t bytes = 0, frames = 0, first_cycle = 0, last_cycle = 0, first_seq = 0;
        uint64_t high = 0;            // one past the highest offset captured
        bool in_order = true;         // every byte at offset `high` so far: no gap, no repeat
        bool cut = false;             // a frame that is not a whole planned segment (but the last one, below)
        bool tail = false;            // the last frame is the start of a segment whose rest never came
        // iSCSI: PDU 0 and the first PDU with data, each whole in the first frame that holds any of it (Wireshark
        // detects header and data digests from them): 0 not seen yet, 1 whole, 2 cut
        uint8_t detect[2] = {0, 0};
        bool differs = false;         // a byte differs from the stream's wire image
        // the segment being filled
        std::vector<uint8_t> cur;
        uint64_t cur_off = 0, cur_cycle = 0, cur_end = 0;
    };

    struct Frame {
        uint32_t stream;
        uint64_t off, cycle;
        std::vector<uint8_t> data;
    };

    static uint64_t cycle_ns(uint64_t cycle, double mhz) { return (uint64_t)std::llround((double)cycle * 1000.0 / mhz); }

    // The planned end of the segment holding offset o (past the stream: segments of the IPv4 limit).
    static uint64_t seg_end_of(const Stream &s, uint64_t o) {
        auto it = std::upper_bound(s.seg_end.begin(), s.seg_end.end(), (size_t)o);
        if (it != s.seg_end.end()) return *it;
        const uint64_t base = s.seg_end.empty() ? 0 : s.seg_end.back();
        return base + ((o - base) / MDD_PCAP_MAX_SEG + 1) * MDD_PCAP_MAX_SEG;
    }

    void put(uint32_t id, Stream &s, uint64_t o, uint8_t b, uint64_t cycle, bool end) {
        if (!s.cur.empty() && o != s.cur_off + s.cur.size()) flush(id, s);
        if (s.cur.empty()) {
            s.cur_off = o;
            s.cur_end = s.junk ? UINT64_MAX : seg_end_of(s, o);
            // bytes sent again end their frame where the new ones begin: TCP (and Wireshark) takes a segment
            // that starts below the highest byte sent as a retransmission, whatever else it carries
            if (o < s.high) s.cur_end = std::min(s.cur_end, s.high);
        }
        if (!s.bytes) {
            s.first_cycle = cycle;
            s.first_seq = seq_++;
        }
        if (o != s.high) s.in_order = false;
        if (!s.junk && (o >= s.wire.size() || s.wire[o] != b)) s.differs = true;
        if (o < s.have.size()) s.have[o] = true;
        s.high = std::max(s.high, o + 1);
        ++s.bytes;
        s.last_cycle = cycle;
        s.cur.push_back(b);
        s.cur_cycle = cycle;
        if (end || o + 1 == s.cur_end) flush(id, s);
    }

    void flush(uint32_t id, Stream &s) {
        if (s.cur.empty()) return;
        if (!s.junk) {
            const uint64_t end = s.cur_off + s.cur.size();
            const bool starts = !s.cur_off || seg_end_of(s, s.cur_off - 1) == s.cur_off;
            s.cut |= s.tail;  // that one was not the last after all
            s.tail = starts && seg_end_of(s, s.cur_off) != end && end == s.high;
            s.cut |= !starts || (seg_end_of(s, s.cur_off) != end && !s.tail);
            const uint32_t pdu[2] = {0, s.first_data};
            for (unsigned k = 0; k < 2; ++k) {
                if (s.detect[k] || pdu[k] >= s.pdu_end.size()) continue;
                const uint64_t a = pdu[k] ? s.pdu_end[pdu[k] - 1] + 1 : 0, b = s.pdu_end[pdu[k]] + 1;
                if (s.cur_off < b && end > a) s.detect[k] = s.cur_off <= a && end >= b ? 1 : 2;
            }
        }
        frames_.push_back({id, s.cur_off, s.cur_cycle, std::move(s.cur)});
        s.cur.clear();
        ++s.frames;
    }

    // Connection k of the capture for a stream: its protocol's server port, client port 49152 + k (the client
    // address 10.0.j.1 for the j-th run of 16384), and the sender's ISN such that stream byte 0 has the
    // stream's own TCP sequence number.
    static mdd_pcap_conn conn_for(const Stream &s, size_t k) {
        mdd_pcap_conn c;
        mdd_pcap_conn_init(&c, s.cfg.proto);
        c.client_port = (uint16_t)(MDD_PCAP_PORT_CLIENT + k % 16384);
        c.client_ip = 0x0A000001u + 0x100u * (uint32_t)(k / 16384);
        if (s.cfg.proto == MDD_PROTO_MPA) {
            c.mpa_markers = s.cfg.mrk_en;
            c.mpa_crc = s.cfg.ddig_en;
        }
        const uint32_t seq0 = s.junk ? 0 : s.cfg.tcp_seq;
        const uint32_t isn = seq0 - (mdd_pcap_stream_seq(&c) - (c.stream_from_server ? c.server_isn : c.client_isn));
        (c.stream_from_server ? c.server_isn : c.client_isn) = isn;
        return c;
    }

    // What Wireshark must show on a stream's connection: PDUs captured whole, their digests / CRCs, those the
    // flips spoil; and why it would not decode the connection completely ("" when it does).
    struct Expect {
        uint64_t pdus = 0, digests = 0, bad = 0;
        std::string why;
    };

    static Expect expect(const Stream &s) {
        Expect e;
        const unsigned proto = s.cfg.proto;
        const bool mpa = proto == MDD_PROTO_MPA;
        if (s.junk) {
            e.why = "junk transfers (no stream)";
            return e;
        }
        // PDUs whose every byte is in the capture (a PDU starts after the previous one's end: markers before
        // its header are its own)
        std::vector<bool> whole(s.pdu_end.size(), false);
        for (size_t k = 0; k < s.pdu_end.size(); ++k) {
            const size_t a = k ? s.pdu_end[k - 1] + 1 : 0;
            bool all = true;
            for (size_t o = a; all && o <= s.pdu_end[k]; ++o) all = s.have[o];
            if (!all) continue;
            whole[k] = true;
            ++e.pdus;
            e.digests += (s.pdu_dig[k] & kHdig ? 1 : 0) + (s.pdu_dig[k] & kDdig ? 1 : 0);
        }
        // the (PDU, digest) pairs a flip spoils: iSCSI header bytes the header digest, data-segment bytes (PAY,
        // PAD, PI) and the data digest itself the data digest; MPA every FPDU byte its CRC (covered markers too)
        std::vector<std::pair<uint32_t, uint8_t>> hit;
        bool framing = false, detect = false;
        for (const Flip &f : s.flips) {
            if (f.kind == MDD_KIND_HDR && f.pdu_off != MDD_GEN_NONE && (mpa ? f.pdu_off <= 1 : f.pdu_off <= 7))
                framing = true;  // opcode, flags, TotalAHSLength, DataSegmentLength / ULPDU_Length
            if (f.pdu == MDD_GEN_NONE || f.pdu >= s.pdu_end.size() || !whole[f.pdu]) continue;
            uint8_t d;
            if (mpa) d = kDdig;
            else if (f.kind == MDD_KIND_HDR || f.kind == MDD_KIND_HDIG) d = kHdig;
            else if (f.kind == MDD_KIND_MRK) continue;
            else d = kDdig;
            if (!(s.pdu_dig[f.pdu] & d)) continue;
            hit.push_back({f.pdu, d});
            // Wireshark decides from the first PDU (header digest) and the first PDU with data (data digest)
            // whether the connection has digests: a spoiled one there hides them all
            if (!mpa && ((d == kHdig && f.pdu == 0) || (d == kDdig && f.pdu == s.first_data))) detect = true;
        }
        bool holes = false;
        for (size_t o = 0; o < s.high && o < s.have.size() && !holes; ++o) holes = !s.have[o];
        std::sort(hit.begin(), hit.end());
        e.bad = (uint64_t)(std::unique(hit.begin(), hit.end()) - hit.begin());
        if (proto == MDD_PROTO_RAW) e.why = "RAW: no PDUs";
        else if (!mpa && s.cfg.mrk_en) e.why = "iSCSI markers";
        else if (!mpa && s.ahs) e.why = "iSCSI AHS on Data-In";
        else if (!mpa && s.bhs) e.why = "iSCSI BHS reserved bits set (legal_bhs=0)";
        else if (mpa && !s.cfg.ddig_en) e.why = "MPA without CRC field";
        else if (mpa && s.cfg.mrk_en && s.cfg.mrk_phase != 0) e.why = "MPA markers not counted from the first FPDU";
        else if (s.huge) e.why = "a PDU longer than an IPv4 datagram";
        else if (holes) e.why = "bytes missing below the highest one captured";
        else if (mpa && s.cut) e.why = "an FPDU over several frames (MPA needs one per segment)";
        else if (!mpa && (s.detect[0] == 2 || s.detect[1] == 2)) e.why = "digest detection PDU cut over frames";
        else if (s.differs) e.why = "bytes differ from the generator's stream";
        else if (framing) e.why = "a length or opcode field flipped";
        else if (detect) e.why = "digest detection PDU flipped";
        return e;
    }

    bool write_table(const std::string &tsv, const std::vector<uint32_t> &order,
                     const std::vector<mdd_pcap_conn> &conns, uint64_t &ws_conns, uint64_t &ws_pdus) const {
        FILE *f = std::fopen(tsv.c_str(), "w");
        if (!f) return false;
        std::fprintf(f, "conn\tclient_port\tserver_port\tproto\ttcp_seq\tstream_bytes\tbytes\tframes\tfirst_cycle\t"
                        "last_cycle\tin_order\tmarkers\thdig\tddig\tdif\tflips\tpdus\tdigests\tbad\tws\tnote\n");
        for (size_t k = 0; k < order.size(); ++k) {
            const Stream &s = streams_[order[k]];
            const Expect e = expect(s);
            const char *proto = s.junk ? "junk" : s.cfg.proto == MDD_PROTO_ISCSI ? "iscsi"
                                                : s.cfg.proto == MDD_PROTO_MPA   ? "mpa"
                                                                                 : "raw";
            char mrk[32] = "-";
            if (s.cfg.mrk_en) std::snprintf(mrk, sizeof mrk, "%u@%u", s.cfg.mrk_period, s.cfg.mrk_phase);
            const bool ws = e.why.empty();
            ws_conns += ws;
            ws_pdus += ws ? e.pdus : 0;
            std::fprintf(f,
                         "%zu\t%u\t%u\t%s\t%u\t%zu\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
                         "\t%d\t%s\t%u\t%u\t%u\t%zu\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%d\t%s\n",
                         k, conns[k].client_port, conns[k].server_port, proto,
                         (unsigned)(s.junk ? 0 : s.cfg.tcp_seq), s.wire.size(), s.bytes, s.frames, s.first_cycle,
                         s.last_cycle, s.in_order ? 1 : 0, mrk, s.cfg.hdig_en, s.cfg.ddig_en, s.cfg.dif_op,
                         s.flips.size(), e.pdus, e.digests, e.bad, ws ? 1 : 0, ws ? "-" : e.why.c_str());
        }
        return std::fclose(f) == 0;
    }

    std::vector<Stream> streams_;
    std::vector<Frame> frames_;
    uint32_t junk_id_ = kNone;
    uint64_t seq_ = 0;
};

}  // namespace ls
