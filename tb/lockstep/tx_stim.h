// SPDX-License-Identifier: MIT
//
// TX stimulus shared by the TX lockstep harnesses (tx_gen_main.cpp, tx_path_main.cpp): one piece of code drives
// the host side of every TX block the same way.
//
//   streams    TX traffic from model/mdd_txtraf.c (traffic generator streams as a host hands them over, every DIF
//              mode); with --bench streams that meet the full-rate conditions, or with worst=mrk|pdu|blk the
//              smallest iSCSI marker interval / PDUs / protection blocks, INSERT, every field on; p_frame of the MPA streams get a ULPDU_Length below the ULP header length (FRAME);
//              p_frame_cut of those have a transfer end right after that length (default 0: no draw, the other
//              suites' sequences unchanged; it reaches a transfer ending in the word of its FRAME, D-093);
//              p_corrupt of the streams with host PI get 1..3 flipped bits in it (GUARD, APP, REF errors);
//              p_ulp0 of the MPA streams have no ULP header (EH on the header's second byte, short FPDUs);
//              p_strip of the iSCSI/MPA streams with DIF are STRIP with blocks below half a word (two stripped-PI
//              runs in a word, runs cut by the word's end)
//   legal_bhs  1: iSCSI PDUs with a legal Data-In BHS (mdd_gen_cfg.legal_bhs; the same draws otherwise), so that
//              Wireshark decodes a capture of them (pcap= of the core harness); default 0
//   transfers  each stream cut at up to max_xfers random host offsets where the stream allows a cut (p_t3 of the
//              streams anywhere: T3 cuts inside an iSCSI BHS); a piece's descriptor is the reference's resume
//              image of the previous one; a random window per stream (p_window); sometimes an illegal "junk"
//              descriptor (p_junk) or a descriptor-framed "side" piece (p_side): the rest of its PDU exactly, a
//              few bytes past it (FRAME), or any length
//   beats      tkeep holes (p_holes), null beats (p_null), tuser (p_user), random tvalid (p_valid), descriptor
//              valid (p_desc), m_ready (p_ready), resets (p_reset)
//   reference  every transfer is run through mdd_txref_run() when it is generated; its results are in the record
//   capture    a transfer knows its stream (the recorder's id, wire_rec.h) and the stream offset of its first
//              transmitted byte, for a side that records what it sees on m_axis_tx (record_wire())
//
// A harness derives its bench class from Stim<W, its model input struct>, calls draw_inputs() each cycle and
// accepted() with the handshakes it saw; the queue of transfers stays in order until the harness pops them.
#pragma once

#include "lockstep.h"
#include "wire_rec.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txref.h"
#include "mdd_txtraf.h"
}

#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace txs {

struct Beat {
    uint8_t data[64];
    uint64_t keep;
    bool last, user;
};

struct Ev {
    unsigned code, err_byte;
    uint32_t off, unit;
    uint64_t exp, got;
};

struct Xfer {
    std::vector<uint8_t> host;
    uint64_t desc[8];
    std::vector<Beat> beats;
    bool junk = false;
    // the reference
    std::vector<uint8_t> gen, gen_tag, gen_aux, out, out_tag;
    std::vector<uint32_t> gen_src;
    uint64_t ctx[16];
    std::vector<Ev> ev; // every event, in detection order
    // what a harness collects from the outputs
    std::vector<uint8_t> o_data, o_tag, o_aux;
    uint64_t nin = 0, words = 0, ecnt = 0;
    uint16_t emap = 0;
    bool err_v = false;
    Ev best{};
    bool data_done = false; // the last data beat (tlast) was seen
    // the capture: its stream and the stream offset of its first transmitted byte (tcp_seq + skip_len - the
    // stream's tcp_seq: the window selects consecutive wire bytes)
    uint32_t stream = ls::WireRec::kNone;
    uint64_t wire_off = 0;
};

template <unsigned W, class In>
class Stim {
  public:
    explicit Stim(const ls::Options &opt)
        : rng_(opt.seed ^ 0x7A5E11ull), bench_(opt.bench), worst_(opt.str("worst", "")) {
        if (!worst_.empty() && worst_ != "mrk" && worst_ != "pdu" && worst_ != "blk")
            ls::Options::die("worst=%s: expected mrk, pdu or blk", worst_.c_str());
        p_valid_ = opt.prob("p_valid", opt.bench ? 1.0 : 0.8);
        p_ready_ = opt.prob("p_ready", opt.bench ? 1.0 : 0.8);
        p_desc_ = opt.prob("p_desc", opt.bench ? 1.0 : 0.7);
        p_reset_ = opt.prob("p_reset", opt.bench ? 0.0 : 0.00005);
        p_holes_ = opt.prob("p_holes", opt.bench ? 0.0 : 0.2);
        p_null_ = opt.prob("p_null", opt.bench ? 0.0 : 0.02);
        p_user_ = opt.prob("p_user", opt.bench ? 0.0 : 0.003);
        p_junk_ = opt.prob("p_junk", opt.bench ? 0.0 : 0.02);
        p_window_ = opt.prob("p_window", opt.bench ? 0.0 : 0.3);
        p_frame_ = opt.prob("p_frame", opt.bench ? 0.0 : 0.1);
        p_t3_ = opt.prob("p_t3", opt.bench ? 0.0 : 0.1);
        p_frame_cut_ = opt.prob("p_frame_cut", 0.0);
        p_side_ = opt.prob("p_side", opt.bench ? 0.0 : 0.1);
        p_corrupt_ = opt.prob("p_corrupt", opt.bench ? 0.0 : 0.3);
        p_ulp0_ = opt.prob("p_ulp0", opt.bench ? 0.0 : 0.25);
        p_strip_ = opt.prob("p_strip", opt.bench ? 0.0 : 0.15);
        max_xfers_ = opt.u64("max_xfers", 8, 1, 100000);
        legal_bhs_ = opt.flag("legal_bhs", false);
        std::memset(&in_, 0, sizeof in_);
    }
    virtual ~Stim() = default;

    // The streams from the next one on are opened in rec (nullptr: none); the side records the bytes.
    void record_wire(ls::WireRec *rec) { rec_ = rec; }

  protected:
    // Draws this cycle's host-side inputs and m_ready into in_ (rst included).
    void draw_inputs() {
        in_.rst = false;
        if (rst_left_) {
            in_.rst = true;
            --rst_left_;
        } else if (rng_.chance(p_reset_)) {
            in_.rst = true;
            rst_left_ = (unsigned)rng_.below(3);
            ++resets_;
            pending_.clear();
            beats_.clear();
            descs_.clear();
            beat_on_ = desc_on_ = false; // (the beat and descriptor offered until now are gone with the queues)
        }
        if (!in_.rst && pending_.size() < 4) new_stream();
        // hold a beat / descriptor until taken (AXI4-Stream)
        if (!beat_on_) beat_on_ = !in_.rst && !beats_.empty() && rng_.chance(p_valid_);
        if (!desc_on_) desc_on_ = !in_.rst && !descs_.empty() && rng_.chance(p_desc_);
        in_.s_axis_tx_tvalid = beat_on_;
        if (beat_on_) {
            const Beat &b = beats_.front();
            std::memcpy(in_.s_axis_tx_tdata, b.data, sizeof in_.s_axis_tx_tdata);
            in_.s_axis_tx_tkeep = b.keep;
            in_.s_axis_tx_tlast = b.last;
            in_.s_axis_tx_tuser = b.user;
        }
        in_.s_axis_tx_desc_tvalid = desc_on_;
        if (desc_on_) std::memcpy(in_.s_axis_tx_desc_tdata, descs_.front().data(), 64);
        draw_ready();
    }

    virtual void draw_ready() = 0;

    // The handshakes of this cycle on the host side (call before the clock edge).
    void accepted(bool beat, bool desc) {
        if (in_.rst) {
            beat_on_ = desc_on_ = false;
            return;
        }
        if (beat) {
            host_bytes_ += (uint64_t)__builtin_popcountll(in_.s_axis_tx_tkeep);
            beats_.pop_front();
            beat_on_ = false;
        }
        if (desc) {
            descs_.pop_front();
            desc_on_ = false;
        }
    }

    // --bench: streams that meet the full-rate conditions (docs/tx-path.md section 8): PDUs and protection
    // blocks of at least 2W bytes, marker periods of at least W + 8, so no word holds two ends of a kind
    static bool full_rate(const mdd_gen_cfg &c) {
        return c.data_min >= 2 * W && (c.dif_op == MDD_DIF_NONE || c.blk_len >= 2 * W) &&
               (!c.mrk_en || c.mrk_period >= W + 8);
    }

    // worst=mrk|pdu|blk (with --bench): every insertion on, and the smallest iSCSI marker interval (MarkInt 1,
    // a marker every 4 bytes), the smallest PDUs that still carry every field, or 1-byte protection blocks
    void worst_cfg(uint64_t seed, mdd_gen_cfg *c) {
        mdd_gen_random_cfg(seed, W, c);
        c->proto = worst_ == "pdu" ? MDD_PROTO_MPA : MDD_PROTO_ISCSI;
        c->hdig_en = c->proto == MDD_PROTO_ISCSI;
        c->ddig_en = 1;
        c->mrk_en = 1;
        c->mrk_period = c->proto == MDD_PROTO_MPA ? 512 : worst_ == "mrk" ? 12 : 4 * 64 + 8;
        c->mrk_phase = (uint32_t)rng_.below(c->mrk_period);
        c->dif_op = MDD_DIF_CHECK_KEEP;
        c->blk_len = worst_ == "blk" ? 1 : worst_ == "pdu" ? 1 : 512;
        c->ulp_hdr_len = 0;
        c->ahs_words_max = 0;
        c->data_min = worst_ == "pdu" ? 1 : 512; /* PI excluded: one 1-byte block and its inserted PI */
        c->data_max = worst_ == "pdu" ? 1 : 4096;
        c->n_pdus = worst_ == "pdu" ? 200 : 8;
        c->pi_split = 0;
        c->nodata_pct = 0;
    }

    void new_stream() {
        mdd_tx_case k;
        for (;;) {
            uint64_t seed = rng_.next();
            int rc;
            if (bench_ && !worst_.empty()) {
                mdd_gen_cfg c;
                worst_cfg(seed, &c);
                c.legal_bhs = legal_bhs_;
                rc = mdd_tx_case_build_cfg(&c, seed, MDD_TX_INSERT, &k);
            } else {
                mdd_gen_cfg c;
                mdd_gen_random_cfg(seed, W, &c);  // what mdd_tx_case_build does, with legal_bhs
                c.legal_bhs = legal_bhs_;
                // MPA without a ULP header: the header's second byte is its last (EH right after the length
                // byte), several FPDUs a word at large W
                if (c.proto == MDD_PROTO_MPA && rng_.chance(p_ulp0_)) c.ulp_hdr_len = 0;
                int mode = -1;
                if (c.proto != MDD_PROTO_RAW && c.dif_op != MDD_DIF_NONE && rng_.chance(p_strip_)) {
                    mode = MDD_TX_STRIP;
                    c.blk_len = (uint32_t)(1 + rng_.below(W / 2));
                    // up to 17 host bytes a data byte: fewer PDUs, so that the run still checks many transfers
                    if (c.n_pdus > 4) c.n_pdus = 4;
                    if (c.data_max > 8 * W) c.data_max = 8 * W;
                    if (c.data_min > c.data_max) c.data_min = c.data_max;
                }
                rc = mdd_tx_case_build_cfg(&c, seed, mode, &k);
            }
            if (rc != 0) ls::Options::die("traffic generator refused seed %llu", (unsigned long long)seed);
            if (!bench_ || !worst_.empty() || full_rate(k.cfg)) break;
            mdd_tx_case_free(&k);
        }
        ++streams_;
        ++mode_count_[k.mode];
        stream_id_ = rec_ ? rec_->open(k.s) : ls::WireRec::kNone;
        stream_seq_ = (uint32_t)MDD_GET(DESC, TCP_SEQ, k.desc);
        uint64_t desc[8];
        std::memcpy(desc, k.desc, sizeof desc);
        if (rng_.chance(p_window_)) {
            MDD_SET(TXDESC, SKIP_LEN, desc, rng_.below(k.s.wire_len + 2));
            MDD_SET(TXDESC, PASS_LEN, desc, rng_.below(k.s.wire_len + 2));
        }
        // FRAME: an MPA ULPDU_Length below the ULP header length (the rest of the stream is lost)
        size_t frame_cut = 0, frame_start = 0; // a transfer's end right after the FRAME length, its start (0: none)
        if (k.cfg.proto == MDD_PROTO_MPA && k.cfg.ulp_hdr_len > 0 && rng_.chance(p_frame_)) {
            std::vector<size_t> starts;
            for (size_t h = 0; h + 1 < k.host_len; ++h)
                if (k.hdr_at[h] & 1) starts.push_back(h);
            if (!starts.empty()) {
                size_t h = starts[rng_.below(starts.size())];
                k.host[h] = 0;
                k.host[h + 1] = (uint8_t)rng_.below(k.cfg.ulp_hdr_len);
                if (p_frame_cut_ > 0 && h + 2 < k.host_len && rng_.chance(p_frame_cut_)) {
                    frame_cut = h + 2;
                    // and a start a few bytes before it, so that the length's last byte falls on any lane, the
                    // word's last among them (the transfer then ends in its FRAME's word: D-093's !stop)
                    size_t j = 3 + rng_.below(W + 3);
                    if (h + 2 > j && !k.nocut[h + 2 - j]) frame_start = h + 2 - j;
                }
            }
        }
        // DIF errors: 1..3 flipped bits in the host's PI (CHECK_KEEP / STRIP / REPLACE report them; escapes too)
        if ((k.mode == MDD_TX_KEEP || k.mode == MDD_TX_STRIP || k.mode == MDD_TX_REPLACE) && k.n_pi &&
            rng_.chance(p_corrupt_)) {
            const unsigned pi_len = k.cfg.pi_fmt == MDD_PI_T10_CODE ? MDD_PI_T10_LEN : MDD_PI_NVME32_LEN;
            for (unsigned f = 1 + (unsigned)rng_.below(3); f-- > 0;)
                k.host[k.pi_start[rng_.below(k.n_pi)] + rng_.below(pi_len)] ^= (uint8_t)(1u << rng_.below(8));
        }
        // cuts at allowed host offsets (T3 cuts inside an iSCSI BHS with markers now and then)
        bool t3 = rng_.chance(p_t3_);
        size_t nx = 1 + rng_.below(max_xfers_);
        std::vector<size_t> cuts{0};
        if (frame_cut) cuts.push_back(frame_cut);
        if (frame_start) cuts.push_back(frame_start);
        for (size_t x = 1; x < nx && k.host_len > 1; ++x) {
            size_t c = 1 + rng_.below(k.host_len - 1);
            if (!k.nocut[c] || t3) cuts.push_back(c);
        }
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        cuts.push_back(k.host_len);
        for (size_t x = 0; x + 1 < cuts.size(); ++x) {
            if (rng_.chance(p_junk_)) queue_junk(desc);
            if (rng_.chance(p_side_)) queue_side(desc, k.host + cuts[x], k.host_len - cuts[x]);
            MDD_SET(DESC, XFER_ID, desc, next_id_++ & 0xFFFF);
            std::vector<uint8_t> host(k.host + cuts[x], k.host + cuts[x + 1]);
            queue_xfer(desc, host, false);
            std::memcpy(desc, pending_.back().ctx, sizeof desc); // words 0-7: the resume image
        }
        mdd_tx_case_free(&k);
    }

    // An illegal descriptor (an RX-only field set, a reserved protocol, or a marker or DIF position past its
    // period or block) with a few random host bytes: DESC, nothing generated, the descriptor returned as it came
    // (the positions out of range are ones the resume fields' wraps would change, D-106).
    void queue_junk(const uint64_t *good) {
        uint64_t d[8];
        std::memcpy(d, good, sizeof d);
        MDD_SET(DESC, XFER_ID, d, next_id_++ & 0xFFFF);
        const unsigned why = (unsigned)rng_.below(4);
        if (why == 2 && MDD_GET(DESC, MRK_EN, d)) MDD_SET(DESC, MRK_POS, d, 0x7FFFF);
        else if (why == 3 && MDD_GET(DESC, DIF_OP, d) != MDD_DIF_NONE) MDD_SET(DESC, DIF_POS, d, 0x1FFFF);
        else if (why & 1) MDD_SET(DESC, PROTO, d, 3);
        else MDD_SET(DESC, HDR_OUT, d, 1);
        std::vector<uint8_t> host(rng_.below(3 * W));
        for (auto &b : host) b = (uint8_t)rng_.next();
        queue_xfer(d, host, true);
    }

    // A descriptor-framed piece (self_frame = 0) from the current position, not part of the chain: the rest of
    // the current PDU and maybe more (a host byte after the PDU is FRAME, R8).
    void queue_side(const uint64_t *chained, const uint8_t *rest, size_t n) {
        unsigned proto = (unsigned)MDD_GET(DESC, PROTO, chained);
        uint64_t off = MDD_GET(DESC, PDU_OFF, chained);
        if (proto == MDD_PROTO_RAW || off <= (proto == MDD_PROTO_MPA ? 1u : 7u) || n == 0) return;
        uint64_t d[8];
        std::memcpy(d, chained, sizeof d);
        MDD_SET(DESC, XFER_ID, d, next_id_++ & 0xFFFF);
        MDD_SET(DESC, SELF_FRAME, d, 0);
        // the rest of the PDU exactly (the transfer ends at its last byte), a few bytes more (a host byte right
        // after it: FRAME), or any length
        mdd_txg_cfg c;
        mdd_txg_cfg_of(&c, d);
        uint32_t ps, pe, pde, len;
        int64_t lc;
        mdd_txg_lay(&c, (uint32_t)MDD_GET(DESC, HDR_LEN, d), (uint32_t)MDD_GET(DESC, DATA_LEN, d), &ps, &pe, &pde, &len, &lc);
        const size_t rest_pdu = len > off ? len - off : 1;
        const unsigned pick = (unsigned)rng_.below(3);
        size_t take = pick == 0 ? rest_pdu : pick == 1 ? rest_pdu + 1 + rng_.below(W) : 1 + rng_.below(std::min<size_t>(n, 4 * W + 64));
        take = std::min(take, n);
        std::vector<uint8_t> host(rest, rest + take);
        queue_xfer(d, host, true);
    }

    void queue_xfer(const uint64_t *desc, const std::vector<uint8_t> &host, bool junk) {
        pending_.emplace_back();
        Xfer &x = pending_.back();
        x.host = host;
        x.junk = junk;
        std::memcpy(x.desc, desc, sizeof x.desc);
        x.stream = stream_id_;
        x.wire_off = (uint32_t)((uint32_t)MDD_GET(DESC, TCP_SEQ, desc) - stream_seq_) + MDD_GET(TXDESC, SKIP_LEN, desc);
        // beats
        std::vector<uint32_t> ups;
        size_t pos = 0;
        do {
            Beat b;
            std::memset(&b, 0, sizeof b);
            unsigned want = 0;
            if (!rng_.chance(p_null_)) {
                want = rng_.chance(p_holes_) ? 1 + (unsigned)rng_.below(W) : W;
                want = (unsigned)std::min<size_t>(want, host.size() - pos);
            }
            // which lanes: the first `want` lanes, or a random set of them
            std::vector<unsigned> lanes;
            for (unsigned i = 0; i < W; ++i) lanes.push_back(i);
            if (want < W)
                for (unsigned i = 0; i < W; ++i) std::swap(lanes[i], lanes[i + rng_.below(W - i)]);
            std::sort(lanes.begin(), lanes.begin() + want);
            for (unsigned j = 0; j < want; ++j) {
                b.keep |= 1ull << lanes[j];
                b.data[lanes[j]] = host[pos + j];
            }
            for (unsigned i = 0; i < W; ++i)
                if (!((b.keep >> i) & 1)) b.data[i] = (uint8_t)rng_.next(); // junk in absent lanes
            b.user = rng_.chance(p_user_);
            if (b.user && want) ups.push_back((uint32_t)pos);
            pos += want;
            b.last = pos == host.size() && (want > 0 || rng_.chance(0.5) || host.empty());
            x.beats.push_back(b);
        } while (!x.beats.back().last);
        // the reference
        mdd_txref_result r;
        if (mdd_txref_run(x.desc, host.data(), host.size(), ups.data(), ups.size(), &r) != 0)
            ls::Options::die("out of memory");
        x.out.assign(r.out, r.out + r.out_len);
        x.out_tag.assign(r.out_tag, r.out_tag + r.out_len);
        x.gen.assign(r.gen, r.gen + r.gen_len);
        x.gen_tag.assign(r.gen_tag, r.gen_tag + r.gen_len);
        x.gen_aux.assign(r.gen_aux, r.gen_aux + r.gen_len);
        x.gen_src.assign(r.gen_src, r.gen_src + r.gen_len);
        std::memcpy(x.ctx, r.ctx, sizeof x.ctx);
        for (size_t e = 0; e < r.n_ev; ++e)
            x.ev.push_back({r.ev[e].code, r.ev[e].err_byte, r.ev[e].err_off, r.ev[e].err_unit, r.ev[e].err_exp,
                            r.ev[e].err_got});
        mdd_txref_free(&r);
        for (auto &b : x.beats) beats_.push_back(b);
        descs_.push_back(std::vector<uint64_t>(x.desc, x.desc + 8));
    }

    In in_;
    ls::Rng rng_;
    bool bench_, legal_bhs_ = false;
    std::string worst_;
    double p_valid_, p_ready_, p_desc_, p_reset_, p_holes_, p_null_, p_user_, p_junk_, p_window_, p_frame_, p_t3_,
        p_side_, p_corrupt_, p_ulp0_, p_strip_, p_frame_cut_;
    uint64_t max_xfers_;
    std::deque<Xfer> pending_;
    std::deque<Beat> beats_;
    std::deque<std::vector<uint64_t>> descs_;
    bool beat_on_ = false, desc_on_ = false;
    unsigned rst_left_ = 0;
    uint64_t next_id_ = 1;
    ls::WireRec *rec_ = nullptr;
    uint32_t stream_id_ = ls::WireRec::kNone, stream_seq_ = 0;  // the recorder's id and tcp_seq of the stream
    uint64_t streams_ = 0, host_bytes_ = 0, resets_ = 0;
    uint64_t mode_count_[MDD_TX_MODES] = {0};
};

}  // namespace txs
