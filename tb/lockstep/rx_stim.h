// SPDX-License-Identifier: MIT
//
// RX stimulus shared by the RX lockstep harnesses (rx_locate_main.cpp, rx_path_main.cpp): one piece of code
// drives the network side of every RX block the same way.
//
//   streams    random traffic-generator streams (model/mdd_trafgen.c), or with small=1 tiny marker periods,
//              PDUs and blocks around and below a word; with --bench full-rate streams with every field on,
//              or with worst=mrk|pdu|blk the smallest legal marker interval / PDUs / protection blocks
//   legal_bhs  1: iSCSI PDUs with a legal Data-In BHS (mdd_gen_cfg.legal_bhs; the same draws otherwise), so that
//              Wireshark decodes a capture of them (pcap= of the core harness); default 0
//   corruption in p_corrupt of the streams 1..3 bit flips: in markers and length fields, or (p_corrupt_any
//              of the time) in any byte; corrupt_tail=P: only in the last P percent of the stream's bytes;
//              corrupt_near=1: the second and third flips in any byte less than W from the first (several
//              errors in one word, so that the checker's first-error ranking has candidates to order)
//   many PDUs  pdus_min=N: N..N+15 PDUs per stream (default: the generator's draw, at most 40), so that the
//              counts a transfer keeps (the PDU index an error reports) cross their low bits' carries
//   transfers  each stream cut at random points into up to max_xfers pieces; a piece's descriptor is the
//              reference's resume image of the previous one; sometimes a descriptor-framed "side" piece or a
//              "junk" transfer with an illegal descriptor before it; interleave=N: N streams open at once, each
//              transfer the next piece of one of them drawn at random (connections interleaved: a piece resumes
//              from its descriptor after other streams' transfers, not from what the previous transfer left);
//              p_cut_hdr: the probability that a cut is moved into a PDU's first 9 bytes (offsets 1..8), where
//              the resume image holds a partly parsed length field (default 0); p_garble_resume: the
//              probability that such an image's DATA_LEN bits above the length bytes parsed are random (the
//              receiver must not let them reach the length), that its iSCSI HDR_LEN is random once byte 4 is
//              behind (taken as it stands), and that an MPA image's FPDU_WOFF is near its 16-bit wrap (default 0)
//   beats      tkeep holes (p_holes of the transfers), null beats, tuser (p_user), random tvalid/tready levels
//              that change every `phase` cycles, descriptor-channel gaps (p_desc), resets (p_reset)
//   reference  every transfer is run through mdd_rxref_run() once, when it is generated: the harness gets its
//              expected bytes, tags, aux, context and events in the transfer record
//   capture    with a recorder (record_wire(), wire_rec.h) every accepted beat's bytes go to it with their
//              stream and stream offset (junk transfers: no stream); nothing else changes
//
// A harness derives its bench class from Stim<W, its Xfer record, its model input struct>, calls
// draw_stream_inputs() each cycle, and reports accepted descriptors and beats back (desc_accepted(),
// beat_accepted()); the queue of transfers stays in order until the harness has checked and popped them.
#pragma once

#include "lockstep.h"
#include "wire_rec.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_rxref.h"
#include "mdd_trafgen.h"
}

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace rxs {

using ls::bytes_to_words;
using ls::words_to_bytes;

// per-lane nibbles -> the RTL's aux vector as bytes
template <unsigned W>
void aux_to_bytes(const uint8_t *aux, uint8_t *b) {
    for (unsigned k = 0; k < (W + 1) / 2; ++k)
        b[k] = (uint8_t)((aux[2 * k] & 0xf) | (2 * k + 1 < W ? (aux[2 * k + 1] & 0xf) << 4 : 0));
}
inline std::string hex(uint64_t v) {
    char b[24];
    std::snprintf(b, sizeof b, "%" PRIx64, v);
    return b;
}
inline uint64_t field(const uint64_t *d, unsigned word, unsigned lsb, unsigned width) {
    return mdd_field_get(d, word, lsb, width);
}

struct Beat {
    uint8_t data[64];
    uint64_t keep;
    bool last, user;
    uint32_t pos;  // offset in the transfer's bytes of the beat's first kept byte
};

struct Event {
    unsigned code, err_byte;
    uint32_t err_off, err_unit;
    uint64_t err_exp, err_got;
};

// One transfer as sent, with the reference receiver's results on its bytes; harnesses derive their record
// (checking state) from it.
struct Xfer {
    uint64_t id = 0;
    const char *kind = "piece";  // piece, side, junk
    uint64_t desc[8] = {0};
    std::vector<uint8_t> bytes;
    std::vector<Beat> beats;
    std::vector<uint32_t> ups;  // offsets of the tuser beats' first kept bytes
    uint32_t stream = ls::WireRec::kNone;  // recorder's id of its stream (none: junk, or no recorder)
    size_t stream_off = 0;                 // wire offset in the stream of its first byte
    uint64_t in_done_cycle = UINT64_MAX;   // the cycle its last beat entered s_axis_rx (none yet: UINT64_MAX)
    uint64_t desc_cycle = UINT64_MAX;      // the scoreboard cycle its descriptor was accepted (none yet: UINT64_MAX)
    // reference
    std::vector<uint8_t> out, out_tag, in_tag, in_aux;
    uint64_t ctx[16] = {0};
    std::vector<Event> events;
    unsigned desc_reason = 0;
    // checking state common to the harnesses
    bool bad = false;  // a mismatch was reported
    unsigned reports = 0;
};

template <unsigned W, class XferT, class In>
class Stim {
  protected:
    // interleave: the other open streams, each with what the current one keeps in stream_, cuts_, piece_, ...
    struct Parked {
        mdd_gen_stream stream{};
        bool ok = false;
        std::vector<size_t> cuts;
        size_t piece = 0;
        uint64_t chain[8] = {0};
        std::vector<std::pair<size_t, uint8_t>> flips;
        uint32_t id = ls::WireRec::kNone;
    };

    static constexpr uint64_t kLanes = W == 64 ? ~0ull : ((1ull << W) - 1);

    // p_corrupt_default, p_corrupt_any_default: the harness's defaults of the p_corrupt / p_corrupt_any knobs
    // core_desc: the descriptor channel is the core's (COREDESC bits are requests there, not reserved bits).
    Stim(const ls::Options &opt, double p_corrupt_default, double p_corrupt_any_default, bool core_desc)
        : rng_(opt.seed), core_desc_(core_desc) {
        bench_ = opt.flag("bench", false) || opt.bench;
        fixed_valid_ = opt.has("p_valid") || bench_;
        fixed_ready_ = opt.has("p_ready") || bench_;
        p_valid_ = ls::fixed_if(bench_, 1.0, opt.prob("p_valid", 1.0));
        p_ready_ = ls::fixed_if(bench_, 1.0, opt.prob("p_ready", 1.0));
        phase_ = opt.u64("phase", 3000, 1, UINT64_MAX);
        p_desc_ = ls::fixed_if(bench_, 1.0, opt.prob("p_desc", 0.8));
        p_reset_ = ls::fixed_if(bench_, 0.0, opt.prob("p_reset", 2e-5));
        small_ = opt.flag("small", false);
        p_holes_ = ls::fixed_if(bench_, 0.0, opt.prob("p_holes", 0.3));
        p_user_ = ls::fixed_if(bench_, 0.0, opt.prob("p_user", 0.01));
        p_corrupt_ = ls::fixed_if(bench_, 0.0, opt.prob("p_corrupt", p_corrupt_default));
        p_corrupt_any_ = opt.prob("p_corrupt_any", p_corrupt_any_default);
        p_side_ = ls::fixed_if(bench_, 0.0, opt.prob("p_side", 0.05));
        p_junk_ = ls::fixed_if(bench_, 0.0, opt.prob("p_junk", 0.03));
        p_cut_hdr_ = ls::fixed_if(bench_, 0.0, opt.prob("p_cut_hdr", 0.0));
        p_garble_resume_ = ls::fixed_if(bench_, 0.0, opt.prob("p_garble_resume", 0.0));
        max_xfers_ = opt.u64("max_xfers", bench_ ? 3 : 12, 1, 100000);
        pdus_min_ = (unsigned)opt.u64("pdus_min", 0, 0, 4096);
        corrupt_tail_ = opt.u64("corrupt_tail", 100, 1, 100);
        corrupt_near_ = opt.flag("corrupt_near", false);
        parked_.resize(opt.u64("interleave", 1, 1, 16) - 1);
        worst_ = opt.str("worst", "");
        legal_bhs_ = opt.flag("legal_bhs", false);
        const std::string junk = opt.str("junk", "any");
        if (junk != "any" && junk != "reserved")
            ls::Options::die("%s: junk=%s: expected any or reserved", opt.where("junk").c_str(), junk.c_str());
        junk_reserved_ = junk == "reserved";
        if (!worst_.empty() && worst_ != "mrk" && worst_ != "pdu" && worst_ != "blk")
            ls::Options::die("worst=%s: expected mrk, pdu or blk", worst_.c_str());
        in_ = In();
    }
    virtual ~Stim() {
        if (stream_ok_) mdd_gen_free(&stream_);
        for (Parked &p : parked_)
            if (p.ok) mdd_gen_free(&p.stream);
    }

  public:
    // Every accepted beat's bytes to rec (nullptr: none), from the next stream on.
    void record_wire(ls::WireRec *rec) { rec_ = rec; }

  protected:
    // The harness's hook, called once per generated transfer after the reference run (expectations derived
    // from the reference, self-test injections).
    virtual void reference_done(XferT &x, const mdd_rxref_result &res) = 0;
    // Whether the next descriptor may be offered now (a bench can hold some back; the draw is made either way).
    virtual bool desc_allowed(const XferT &) const { return true; }

    void tweak_cfg(mdd_gen_cfg &c) {
        const bool raw = c.proto == MDD_PROTO_RAW;
        c.legal_bhs = legal_bhs_;
        if (small_) {
            if (c.mrk_en) {
                c.mrk_period = c.proto == MDD_PROTO_MPA ? (uint32_t)(5 + rng_.below(2 * W))
                                                        : (uint32_t)(4 * (1 + rng_.below(W / 2 + 1)) + 8);
                c.mrk_phase = (uint32_t)rng_.below(c.mrk_period);
            }
            // PDUs and blocks around and below a word (MPA FPDUs down to 4 bytes, blocks + PI from 9)
            c.data_min = (uint32_t)rng_.below(rng_.chance(0.5) ? 4 : W + 1);
            c.data_max = c.data_min + (uint32_t)rng_.below(rng_.chance(0.5) ? 4 : 2 * W + 1);
            if (raw && c.data_max == 0) c.data_max = 1;
            c.n_pdus = (unsigned)(1 + rng_.below(24));
            c.blk_len = (uint32_t)(1 + rng_.below(rng_.chance(0.5) ? 8 : W + 8));
            if (c.proto == MDD_PROTO_MPA) c.ulp_hdr_len = (unsigned)rng_.below(rng_.chance(0.5) ? 3 : 9);
            if (c.max_data) {
                uint32_t pi = mdd_pifmt(c.pi_fmt)->pi_len;
                c.max_data = c.data_max + (c.dif_op ? pi * (c.data_max / c.blk_len + 2) : 0) + 1;
            }
        }
        if (bench_ && !raw) {
            // the bench measures with every field on: markers (checked), header and data digests, DIF
            if (!c.mrk_en) {
                c.mrk_en = 1;
                c.mrk_period = c.proto == MDD_PROTO_MPA ? 512u : (uint32_t)(4 * (W / 4 + rng_.below(64)) + 8);
                c.mrk_phase = (uint32_t)rng_.below(c.mrk_period);
            }
            c.mrk_chk = 1;
            c.ddig_en = 1;
            c.hdig_en = c.proto == MDD_PROTO_ISCSI;
            if (c.dif_op == MDD_DIF_NONE) c.dif_op = (unsigned)(MDD_DIF_CHECK_KEEP + rng_.below(3));
            if (c.prot_type == 0) c.prot_type = 1;
            c.dif_chk = MDD_DIFCHK_GUARD | MDD_DIFCHK_APP | MDD_DIFCHK_REF;
        }
        if (bench_ && !small_) {
            // the full-rate conditions: marker period >= W, PDUs >= W + 1 bytes, blk_len + pi_len >= W + 1
            if (c.mrk_en && c.proto == MDD_PROTO_ISCSI && c.mrk_period < W) c.mrk_period = 4 * (W / 4) + 8;
            if (c.mrk_en) c.mrk_phase = c.mrk_phase % c.mrk_period;
            if (c.data_min < W) c.data_min = W;
            if (c.data_max < c.data_min) c.data_max = c.data_min + W;
            if (c.blk_len < W) c.blk_len = W;
            c.nodata_pct = 0;  // a PDU without data can be shorter than a word
            c.max_data = 0;
        }
        if (pdus_min_ && c.proto != MDD_PROTO_RAW) c.n_pdus = pdus_min_ + (unsigned)rng_.below(16);
        // the directed worst cases (every field still on)
        if (worst_ == "mrk" && c.proto == MDD_PROTO_ISCSI) {
            c.mrk_period = 12;  // MarkInt = 1: a marker every 4 bytes of the stream
            c.mrk_phase = (uint32_t)rng_.below(c.mrk_period);
        } else if (worst_ == "pdu") {
            // the smallest PDUs that still carry every field: one 1-byte block and its PI, no AHS, no DDP header
            c.data_min = c.data_max = 1;
            c.blk_len = 1;
            c.ahs_words_max = 0;
            c.ulp_hdr_len = 0;
        } else if (worst_ == "blk") {
            c.blk_len = 1;  // a PI after every data byte
        }
    }

    // The traffic meets the full-rate conditions (the input must never stall).
    bool full_rate() const { return bench_ && !small_ && worst_.empty(); }

    void new_stream() {
        if (stream_ok_) mdd_gen_free(&stream_);
        stream_ok_ = false;
        for (int tries = 0; tries < 200; ++tries) {
            mdd_gen_cfg c;
            mdd_gen_random_cfg(rng_.next(), W, &c);
            if (bench_ && c.proto == MDD_PROTO_RAW) continue;
            if (worst_ == "mrk" && c.proto != MDD_PROTO_ISCSI) continue;  // MPA's interval is fixed (512)
            tweak_cfg(c);
            if (mdd_gen_build(&c, rng_.next(), &stream_) == 0) {
                if (stream_.wire_len > 0) {
                    stream_ok_ = true;
                    break;
                }
                mdd_gen_free(&stream_);
            }
        }
        if (!stream_ok_) ls::Options::die("traffic generator failed 200 times");
        ++streams_;
        flips_.clear();
        if (rng_.chance(p_corrupt_)) corrupt_stream();
        stream_id_ = rec_ ? rec_->open(stream_, flips_) : ls::WireRec::kNone;
        std::vector<size_t> cuts(max_xfers_ + 1);
        size_t n = mdd_gen_split(&stream_, rng_.next(), (size_t)(1 + rng_.below(max_xfers_)), 0, cuts.data());
        cuts_.assign(cuts.begin(), cuts.begin() + (long)n + 1);
        if (p_cut_hdr_ > 0.0 && stream_.n_pdus > 0) {
            for (size_t k = 1; k + 1 < cuts_.size(); ++k) {
                if (!rng_.chance(p_cut_hdr_)) continue;
                const size_t c = stream_.pdu_start[rng_.below(stream_.n_pdus)] + 1 + rng_.below(8);
                if (c < stream_.wire_len && mdd_gen_cut_ok(&stream_, c, 0)) cuts_[k] = c;
            }
            std::sort(cuts_.begin(), cuts_.end());
            cuts_.erase(std::unique(cuts_.begin(), cuts_.end()), cuts_.end());
        }
        piece_ = 0;
        std::memcpy(chain_desc_, stream_.desc, sizeof chain_desc_);
    }

    // Flip a bit in 1..3 bytes: markers and length fields, or (p_corrupt_any) any byte (payload, PI, digests,
    // pad, headers); the reference is run on the corrupted bytes.
    void corrupt_stream() {
        std::vector<size_t> cand;
        const bool mpa = stream_.cfg.proto == MDD_PROTO_MPA;
        const bool any = rng_.chance(p_corrupt_any_);
        for (size_t j = stream_.wire_len - stream_.wire_len * corrupt_tail_ / 100; j < stream_.wire_len; ++j) {
            unsigned kind = stream_.tag[j] & 7u;
            uint32_t off = stream_.off_of[j];
            if (any) cand.push_back(j);
            else if (kind == MDD_KIND_MRK) cand.push_back(j);
            else if (kind == MDD_KIND_HDR && off != MDD_GEN_NONE && (mpa ? off <= 1 : (off >= 4 && off <= 7)))
                cand.push_back(j);
        }
        if (cand.empty()) return;
        unsigned k = 1 + (unsigned)rng_.below(3);
        size_t j0 = 0;
        for (unsigned i = 0; i < k; ++i) {
            size_t j;
            if (i > 0 && corrupt_near_) {
                const size_t lo = j0 >= W - 1 ? j0 - (W - 1) : 0;
                j = lo + (size_t)rng_.below(j0 + W - lo);
                if (j >= stream_.wire_len) j = j0;
            } else {
                j = cand[rng_.below(cand.size())];
            }
            if (i == 0) j0 = j;
            const uint8_t m = (uint8_t)(1u << rng_.below(8));
            stream_.wire[j] ^= m;
            flips_.push_back({j, m});
        }
        ++corrupted_;
    }

    // The reserved bits of word w of the descriptors the DUT's channel takes: those no DESC field uses, less the
    // core's own (COREDESC) when the channel is the core's: set, those are a request (TO_DEP: route the transfer
    // to the deposit engine), which the core takes out before the RX path, not an illegal descriptor.
    uint64_t reserved_bits(unsigned w) const {
        uint64_t r = ~mdd_field_used_mask("DESC", w);
        if (core_desc_) r &= ~mdd_field_used_mask("COREDESC", w);
        return r;
    }
    static uint64_t nth_bit(uint64_t m, unsigned k) {
        for (; k; --k) m &= m - 1;
        return m & (~m + 1);
    }

    // How many reserved bits the channel's descriptor has (junk=reserved sweeps them all).
    unsigned reserved_count() const {
        unsigned n = 0;
        for (unsigned w = 0; w < 8; ++w) n += (unsigned)__builtin_popcountll(reserved_bits(w));
        return n;
    }

    // junk=reserved: the next reserved bit in turn (word 0 up), so that a run sets each of them in some transfer.
    void next_reserved_bit(uint64_t *d) {
        for (unsigned tries = 0; tries < 8 * 64; ++tries) {
            const unsigned w = res_sweep_ / 64, b = res_sweep_ % 64;
            res_sweep_ = (res_sweep_ + 1) % (8 * 64);
            if ((reserved_bits(w) >> b) & 1) {
                d[w] |= 1ull << b;
                ++res_swept_;
                return;
            }
        }
    }

    // An illegal descriptor derived from a legal one (one DESC condition violated).
    void make_illegal(uint64_t *d) {
        for (int tries = 0; tries < 16; ++tries) {
            uint64_t t[8];
            std::memcpy(t, d, sizeof t);
            switch (rng_.below(12)) {
            case 0: MDD_SET(DESC, PROTO, t, 3); break;
            case 1: MDD_SET(DESC, DIF_OP, t, rng_.chance(0.5) ? 1 : 5 + rng_.below(3)); break;
            case 2: MDD_SET(DESC, PI_FMT, t, 3); break;
            case 3: MDD_SET(DESC, CMB_EN, t, 1); break;
            case 4: {  // a reserved bit: a word that has any, then one of its reserved bits
                unsigned words[8], nw = 0;
                for (unsigned w = 0; w < 8; ++w)
                    if (reserved_bits(w)) words[nw++] = w;
                const unsigned w = words[rng_.below(nw)];
                t[w] |= nth_bit(reserved_bits(w), (unsigned)rng_.below((uint64_t)__builtin_popcountll(reserved_bits(w))));
                break;
            }
            case 5: MDD_SET(DESC, PROTO, t, MDD_PROTO_RAW); MDD_SET(DESC, MRK_EN, t, 1); break;
            case 6: MDD_SET(DESC, PROTO, t, MDD_PROTO_MPA); MDD_SET(DESC, HDIG_EN, t, 1); break;
            case 7: MDD_SET(DESC, MRK_EN, t, 0); MDD_SET(DESC, MRK_CHK, t, 1); break;
            case 8:
                MDD_SET(DESC, MRK_EN, t, 1);
                if (rng_.chance(0.3)) MDD_SET(DESC, MRK_PERIOD, t, rng_.below(9));
                else if (rng_.chance(0.5) && MDD_GET(DESC, PROTO, t) == MDD_PROTO_ISCSI)
                    // not 4 * MarkInt + 8 with MarkInt >= 1
                    MDD_SET(DESC, MRK_PERIOD, t,
                            rng_.chance(0.5) ? 9 + rng_.below(3) : 13 + 4 * rng_.below(500) + rng_.below(3));
                else MDD_SET(DESC, MRK_POS, t, MDD_GET(DESC, MRK_PERIOD, t) + rng_.below(4));
                break;
            case 9:
                MDD_SET(DESC, DIF_OP, t, MDD_DIF_CHECK_KEEP);
                if (rng_.chance(0.3)) MDD_SET(DESC, PROT_TYPE, t, 0);
                else if (rng_.chance(0.5)) MDD_SET(DESC, BLK_LEN, t, 0);
                else MDD_SET(DESC, DIF_POS, t, MDD_GET(DESC, BLK_LEN, t) + 16 + rng_.below(8));
                break;
            case 10:
                MDD_SET(DESC, SELF_FRAME, t, 0);
                MDD_SET(DESC, HDR_LEN, t, rng_.chance(0.5) ? rng_.below(48) : 49 + 4 * rng_.below(8));
                break;
            default:
                MDD_SET(DESC, SELF_FRAME, t, 0);
                MDD_SET(DESC, PDU_OFF, t, 0x1000000 + rng_.below(1000));
                break;
            }
            if (mdd_rxref_desc_check(t) != MDD_RXREF_DESC_OK) {
                std::memcpy(d, t, sizeof t);
                return;
            }
        }
        MDD_SET(DESC, PROTO, d, 3);
    }

    // Beats for a transfer, then the reference run on it.
    void finish_xfer(XferT &x) {
        const bool holes = rng_.chance(p_holes_);
        size_t idx = 0;
        const size_t n = x.bytes.size();
        do {
            Beat b;
            b.pos = (uint32_t)idx;
            for (unsigned i = 0; i < 64; i += 8) {
                uint64_t r = rng_.next();
                for (unsigned k = 0; k < 8; ++k) b.data[i + k] = (uint8_t)(r >> (8 * k));
            }
            uint64_t keep = kLanes;
            if (holes) {
                keep = rng_.chance(0.05) ? 0 : (rng_.next() | rng_.next()) & kLanes;
                if (rng_.chance(0.3)) keep &= rng_.next();
            } else if (!bench_ && rng_.chance(0.003)) {
                keep = 0;
            }
            uint64_t kept = 0;
            for (unsigned i = 0; i < W; ++i) {
                if (!((keep >> i) & 1)) continue;
                if (idx < n) {
                    b.data[i] = x.bytes[idx++];
                    kept |= 1ull << i;
                }
            }
            b.keep = kept;
            b.last = idx == n;
            b.user = rng_.chance(p_user_);
            if (b.user && kept) x.ups.push_back((uint32_t)(idx - (size_t)__builtin_popcountll(kept)));
            if (kept != kLanes) ++hole_beats_;
            if (!kept) ++null_beats_;
            x.beats.push_back(b);
        } while (idx < n);

        mdd_rxref_result res;
        if (mdd_rxref_run(x.desc, x.bytes.data(), n, x.ups.data(), x.ups.size(), &res) != 0)
            ls::Options::die("mdd_rxref_run: out of memory");
        x.out.assign(res.out, res.out + res.out_len);
        x.out_tag.assign(res.out_tag, res.out_tag + res.out_len);
        x.in_tag.assign(res.in_tag, res.in_tag + n);
        x.in_aux.assign(res.in_aux, res.in_aux + n);
        std::memcpy(x.ctx, res.ctx, sizeof x.ctx);
        x.desc_reason = res.desc_reason;
        for (size_t k = 0; k < res.n_ev; ++k) {
            const mdd_rxref_event &e = res.ev[k];
            x.events.push_back({e.code, e.err_byte, e.err_off, e.err_unit, e.err_exp, e.err_got});
        }
        reference_done(x, res);
        mdd_rxref_free(&res);
    }

    // A resume image inside a self-framed PDU's length field: random DATA_LEN bits above the length bytes parsed
    // (the parse has not written them), a random iSCSI HDR_LEN once AHSLength, byte 4, is behind (the receiver
    // takes it as it stands); MPA: FPDU_WOFF near its wrap.
    void garble_resume(uint64_t *d) {
        const uint64_t proto = MDD_GET(DESC, PROTO, d), off = MDD_GET(DESC, PDU_OFF, d);
        if (!MDD_GET(DESC, SELF_FRAME, d) || proto == MDD_PROTO_RAW) return;
        const bool mpa = proto == MDD_PROTO_MPA;
        // MPA: half of the time an FPDU_WOFF near its wrap (the 16-bit count of the FPDU's wire bytes passes 0)
        if (mpa && rng_.chance(0.5)) MDD_SET(DESC, FPDU_WOFF, d, 0xff00u | (rng_.next() & 0xffu));
        if (off > (mpa ? 1u : 7u)) return;
        const unsigned parsed = mpa ? (unsigned)off : (off > 5 ? (unsigned)off - 5 : 0);   // length bytes behind
        const uint64_t keep = (1ull << (8 * parsed)) - 1;
        const uint64_t dl = MDD_GET(DESC, DATA_LEN, d);
        MDD_SET(DESC, DATA_LEN, d, ((dl & keep) | (rng_.next() & ~keep)) & 0xffffff);
        if (!mpa && off >= 5) MDD_SET(DESC, HDR_LEN, d, rng_.next() & 0xfff);
    }

    // Queue the next transfers: junk / side transfers and the next piece of the stream.
    void generate() {
        if (!parked_.empty()) {
            // interleave: continue one of the open streams (the current one included), drawn at random
            const size_t k = (size_t)rng_.below(parked_.size() + 1);
            if (k < parked_.size()) swap_stream(parked_[k]);
        }
        if (!stream_ok_ || piece_ + 1 >= cuts_.size()) new_stream();
        const size_t a = cuts_[piece_], b = cuts_[piece_ + 1];
        if (rng_.chance(p_junk_)) {
            auto x = std::make_shared<XferT>();
            x->id = next_id_++;
            x->kind = "junk";
            std::memcpy(x->desc, chain_desc_, sizeof x->desc);
            if (junk_reserved_) next_reserved_bit(x->desc);
            else make_illegal(x->desc);
            MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
            size_t n = (size_t)rng_.below(3 * W + 1);
            for (size_t i = 0; i < n; ++i) x->bytes.push_back((uint8_t)rng_.next());
            finish_xfer(*x);
            queue_.push_back(x);
        }
        if (rng_.chance(p_side_) && stream_.cfg.proto != MDD_PROTO_RAW) {
            auto x = std::make_shared<XferT>();
            x->id = next_id_++;
            x->kind = "side";
            std::memcpy(x->desc, chain_desc_, sizeof x->desc);
            MDD_SET(DESC, SELF_FRAME, x->desc, 0);
            MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
            x->bytes.assign(stream_.wire + a, stream_.wire + b);
            x->stream = stream_id_;
            x->stream_off = a;
            finish_xfer(*x);
            queue_.push_back(x);
        }
        auto x = std::make_shared<XferT>();
        x->id = next_id_++;
        std::memcpy(x->desc, chain_desc_, sizeof x->desc);
        MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
        if (rng_.chance(p_garble_resume_)) garble_resume(x->desc);
        x->bytes.assign(stream_.wire + a, stream_.wire + b);
        x->stream = stream_id_;
        x->stream_off = a;
        finish_xfer(*x);
        std::memcpy(chain_desc_, x->ctx, sizeof chain_desc_);  // the next piece resumes from the reference
        queue_.push_back(x);
        ++piece_;
    }

    // After a reset: everything queued is lost (the harness resets its own output-side indices).
    void drop_all() {
        dropped_ += queue_.size();
        queue_.clear();
        desc_next_ = 0;
        beat_xfer_ = 0;
        beat_idx_ = 0;
        desc_held_ = false;
        beat_held_ = false;
        if (stream_ok_) mdd_gen_free(&stream_);
        stream_ok_ = false;
        for (Parked &p : parked_) {
            if (p.ok) mdd_gen_free(&p.stream);
            p.ok = false;
        }
    }

    // interleave: the current stream's state and a parked one's change places
    void swap_stream(Parked &p) {
        std::swap(stream_, p.stream);
        std::swap(stream_ok_, p.ok);
        cuts_.swap(p.cuts);
        std::swap(piece_, p.piece);
        for (unsigned i = 0; i < 8; ++i) std::swap(chain_desc_[i], p.chain[i]);
        flips_.swap(p.flips);
        std::swap(stream_id_, p.id);
    }

    // rst, the descriptor channel and the data channel of in_ for this cycle (the harness draws its ready
    // inputs with draw_ready()).
    void draw_stream_inputs(uint64_t cyc) {
        if (!fixed_valid_ || !fixed_ready_) {
            if (cyc % phase_ == 0) {
                static const double kLevels[4] = {1.0, 0.95, 0.7, 0.3};
                if (!fixed_valid_) p_valid_ = kLevels[rng_.below(4)];
                if (!fixed_ready_) p_ready_ = kLevels[rng_.below(4)];
            }
        }
        if (reset_left_ > 0) {
            --reset_left_;
        } else if (cyc < 2 || rng_.chance(p_reset_)) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            ++resets_;
            in_.rst = true;
        } else {
            in_.rst = false;
        }
        if (reset_left_ > 0) in_.rst = true;

        // keep a few transfers queued ahead of the data
        while (queue_.size() < beat_xfer_ + 4) generate();

        // descriptor channel: the next descriptor not yet sent
        if (!desc_held_ && desc_next_ < queue_.size() && rng_.chance(p_desc_) && desc_allowed(*queue_[desc_next_]))
            desc_held_ = true;
        in_.s_axis_rx_desc_tvalid = desc_held_;
        if (desc_held_) {
            std::memcpy(in_.s_axis_rx_desc_tdata, queue_[desc_next_]->desc, sizeof in_.s_axis_rx_desc_tdata);
        } else {
            for (auto &w : in_.s_axis_rx_desc_tdata) w = rng_.next();
        }

        // data channel: the current transfer's next beat
        if (!beat_held_ && rng_.chance(p_valid_)) beat_held_ = true;
        in_.s_axis_rx_tvalid = beat_held_;
        if (beat_held_) {
            const Beat &b = queue_[beat_xfer_]->beats[beat_idx_];
            std::memcpy(in_.s_axis_rx_tdata, b.data, sizeof in_.s_axis_rx_tdata);
            in_.s_axis_rx_tkeep = b.keep;
            in_.s_axis_rx_tlast = b.last;
            in_.s_axis_rx_tuser = b.user;
        } else {
            uint64_t r = rng_.next();
            for (unsigned i = 0; i < W; ++i) in_.s_axis_rx_tdata[i] = (uint8_t)(r >> (8 * (i % 8)));
            r = rng_.next();
            in_.s_axis_rx_tkeep = r & kLanes;
            in_.s_axis_rx_tlast = (r >> 62) & 1;
            in_.s_axis_rx_tuser = (r >> 63) & 1;
        }
    }
    bool draw_ready() { return rng_.chance(p_ready_); }

    // rst and the network-side inputs of in_ onto the RTL's ports (the same names in every RX block)
    template <class Top>
    void drive_stream_rtl(Top &top) {
        uint8_t db[64];
        top.rst = in_.rst;
        ls::put_bytes(top.s_axis_rx_tdata, in_.s_axis_rx_tdata, W);
        top.s_axis_rx_tkeep = in_.s_axis_rx_tkeep;
        top.s_axis_rx_tlast = in_.s_axis_rx_tlast;
        top.s_axis_rx_tuser = in_.s_axis_rx_tuser;
        top.s_axis_rx_tvalid = in_.s_axis_rx_tvalid;
        words_to_bytes(in_.s_axis_rx_desc_tdata, db, 8);
        ls::put_bytes(top.s_axis_rx_desc_tdata, db, 64);
        top.s_axis_rx_desc_tvalid = in_.s_axis_rx_desc_tvalid;
    }

    void desc_accepted() {
        desc_held_ = false;
        ++desc_next_;
    }

    // The beat offered this cycle was taken (cycle = the harness's cycle count of this cycle).
    void beat_accepted(uint64_t cycle) {
        const XferT &x = *queue_[beat_xfer_];
        const Beat &b = x.beats[beat_idx_];
        unsigned kept = (unsigned)__builtin_popcountll(b.keep);
        bytes_in_ += kept;
        if (rec_) {
            uint8_t d[64];
            unsigned n = 0;
            for (unsigned i = 0; i < W; ++i)
                if ((b.keep >> i) & 1) d[n++] = b.data[i];
            if (x.stream == ls::WireRec::kNone) rec_->junk(d, n, cycle, b.last);
            else rec_->bytes(x.stream, x.stream_off + b.pos, d, n, cycle);
        }
        if (bench_) {
            if (bench_beats_ == 0) bench_first_ = cycle;
            bench_last_ = cycle;
            bench_bytes_ += kept;
            ++bench_beats_;
        }
        beat_held_ = false;
        if (++beat_idx_ == x.beats.size()) {
            queue_[beat_xfer_]->in_done_cycle = cycle;
            beat_idx_ = 0;
            ++beat_xfer_;
        }
    }

    // The oldest transfer is checked: drop it from the queue.
    void pop_xfer() {
        queue_.pop_front();
        if (desc_next_) --desc_next_;
        if (beat_xfer_) --beat_xfer_;
    }

    std::vector<Parked> parked_;

    ls::Rng rng_;
    In in_;

    bool bench_ = false, fixed_valid_ = false, fixed_ready_ = false, small_ = false, legal_bhs_ = false;
    bool core_desc_ = false;     // the channel is the core's: COREDESC bits are not reserved
    bool junk_reserved_ = false; // junk=reserved: every junk transfer sets the next reserved bit (sweep)
    unsigned res_sweep_ = 0;     // junk=reserved: the next bit (word * 64 + bit) to try
    uint64_t res_swept_ = 0;     // junk=reserved: junk transfers made so far
    double p_valid_, p_ready_, p_desc_, p_reset_, p_holes_, p_user_, p_corrupt_, p_corrupt_any_, p_side_, p_junk_;
    double p_cut_hdr_ = 0.0, p_garble_resume_ = 0.0;
    uint64_t phase_, max_xfers_;
    unsigned pdus_min_ = 0;        // pdus_min: PDUs per stream at least (0: the generator's draw)
    uint64_t corrupt_tail_ = 100;  // corrupt_tail: flips only in the stream's last this percent of bytes
    bool corrupt_near_ = false;    // corrupt_near: flips after the first within W - 1 bytes of it
    std::string worst_;  // directed worst case of the bench: mrk, pdu, blk or empty

    mdd_gen_stream stream_{};
    bool stream_ok_ = false;
    std::vector<size_t> cuts_;
    size_t piece_ = 0;
    uint64_t chain_desc_[8] = {0};
    std::vector<std::pair<size_t, uint8_t>> flips_;  // this stream's flipped bits: (wire offset, mask)
    ls::WireRec *rec_ = nullptr;
    uint32_t stream_id_ = ls::WireRec::kNone;  // the recorder's id of stream_
    uint64_t next_id_ = 1;
    std::deque<std::shared_ptr<XferT>> queue_;  // generated, not yet checked, in order
    size_t desc_next_ = 0;                      // index in queue_ of the next descriptor to send
    size_t beat_xfer_ = 0, beat_idx_ = 0;       // the next beat to send
    bool desc_held_ = false, beat_held_ = false;
    unsigned reset_left_ = 0;

    uint64_t streams_ = 0, corrupted_ = 0, resets_ = 0, dropped_ = 0, hole_beats_ = 0, null_beats_ = 0;
    uint64_t bytes_in_ = 0;
    uint64_t bench_first_ = 0, bench_last_ = 0, bench_bytes_ = 0, bench_beats_ = 0, bench_stalls_ = 0;
};

}  // namespace rxs
