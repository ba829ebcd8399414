// SPDX-License-Identifier: MIT
//
// The staged TX generator's layout pipelines in RTL (rtl/mdd_txg_lay.v: M, P, D, X and their FIFOs, two instances)
// run beside the staged twin's (lay_cycle in model/mdd_txg_staged.c), inside the TX generator's harness
// (tb/lockstep/tx_gen_main.cpp built with TXG_LAY_SHADOW): each cycle both RTL pipelines take the inputs the twin's
// took (mdd_txg_lay_io: the descriptor, F's take of the head word and its parse, the flush), and after the clock
// everything F reads is compared: the started / active flags, every FIFO's fill, every field of the word at the
// head of F's FIFO (per-lane fields on its lanes [0, n), every lane mask, the host counts, the lane fill's selects,
// each marker run's fields where the run exists), the lanes taken of it, and lane 0 of the word behind it.
#pragma once

#include "lockstep.h"

#include "Vmdd_txg_lay.h"

extern "C" {
#include "mdd_tx_gen_model.h"
}

#include <cstdio>
#include <memory>

template <unsigned W>
class LayShadow {
  public:
    static constexpr unsigned kNW = ls::count_bits(W);         // $clog2(W + 1)
    static constexpr unsigned kG = (ls::count_bits(W)) / 2;    // ceil(log2(W) / 2): the lane fill's groups

    LayShadow() {
        for (auto &l : lay_) {
            l.reset(new Vmdd_txg_lay);
            l->rst = 1;
            l->clk = 0;
            l->eval();
            l->clk = 1;
            l->eval();
            l->rst = 0;
        }
    }

    // the first pipeline's waveform (a divergence in the second shows in its fields' names)
    void trace(VerilatedVcdC *vcd) { lay_[0]->trace(vcd, 99); }

    // a cycle of both RTL pipelines with the inputs the twin's took in the cycle just ticked
    void step(const mdd_tx_gen_model &m, bool rst) {
        for (unsigned k = 0; k < 2; ++k) {
            Vmdd_txg_lay &t = *lay_[k];
            const mdd_txg_lay_io &io = m.pipe.lay[k].io;
            t.rst = rst;
            t.present = io.present;
            t.bad = io.bad;
            uint8_t d[64];
            ls::words_to_bytes(io.desc, d, 8);
            ls::put_bytes(t.desc, d, 64);
            t.f_pop = io.f_pop;
            t.f_set = io.f_set;
            t.f_off = io.f_off;
            t.pr_v = io.pr_v;
            t.pr_hl = io.pr_hl & 0xFFF;
            t.pr_dl = io.pr_dl & 0xFFFFFF;
            t.flush = io.flush;
            t.flush_stop = io.flush_stop;
            t.clk = 0;
            t.eval();
            t.clk = 1;
            t.eval();
        }
    }

    void compare(ls::Checker &chk, const mdd_tx_gen_model &m) {
        for (unsigned k = 0; k < 2; ++k) compare_one(chk, k, m.pipe.lay[k]);
    }

    uint64_t words() const { return words_; }
    uint64_t checks() const { return checks_; }

  private:
    static uint64_t lanes(uint64_t x) { return W == 64 ? x : x & ((1ull << W) - 1); }

    void eq(ls::Checker &chk, unsigned k, const char *what, int lane, uint64_t model, uint64_t rtl) {
        ++checks_;
        if (model == rtl) return;
        char name[96];
        if (lane >= 0)
            std::snprintf(name, sizeof name, "lay%u.%s[%d]", k, what, lane);
        else
            std::snprintf(name, sizeof name, "lay%u.%s", k, what);
        chk.eq(name, model, rtl);
    }

    void compare_one(ls::Checker &chk, unsigned k, const mdd_txg_layout &l) {
        const Vmdd_txg_lay &t = *lay_[k];
        eq(chk, k, "started", -1, l.m_started, t.started);
        eq(chk, k, "active", -1, l.m_active, t.active);
        const unsigned fill = l.mp.cnt | l.pd.cnt << 2 | l.df.cnt << 4 | l.xf.cnt << 6;
        eq(chk, k, "fill (mp, pd, df, xf: 2 bits each)", -1, fill, t.fill);
        eq(chk, k, "o_v", -1, l.xf.cnt != 0, t.o_v);
        eq(chk, k, "o1_v", -1, l.xf.cnt == 2, t.o1_v);
        if (l.xf.cnt == 0) return;
        ++words_;
        const mdd_txg_x_out &x = l.xf.e[0].xo;
        eq(chk, k, "o_off", -1, l.xf.e[0].off, t.o_off);
        eq(chk, k, "o_n", -1, x.n, t.o_n);
        for (unsigned q = 0; q < x.n; ++q) {
            eq(chk, k, "o_cls", (int)q, x.cls[q], ls::port_field(t.o_cls, 4 * q, 4));
            eq(chk, k, "o_flags", (int)q, x.flags[q] >> 3, ls::port_field(t.o_flags, 4 * q, 4));
            eq(chk, k, "o_aux", (int)q, x.aux[q] & 15, ls::port_field(t.o_aux, 4 * q, 4));
            eq(chk, k, "o_mb", (int)q, x.mb[q], ls::port_field(t.o_mb, 3 * q, 3));
            eq(chk, k, "o_plow", (int)q, x.plow[q], ls::port_field(t.o_plow, 3 * q, 3));
            eq(chk, k, "o_hl", (int)q, x.hl[q], ls::port_field(t.o_hl, kNW * q, kNW));
        }
        eq(chk, k, "o_k", -1, x.k, lanes((uint64_t)t.o_k));
        eq(chk, k, "o_boundary", -1, x.boundary, lanes((uint64_t)t.o_boundary));
        eq(chk, k, "o_parse", -1, x.parse, lanes((uint64_t)t.o_parse));
        eq(chk, k, "o_upto", -1, x.upto_len, lanes((uint64_t)t.o_upto));
        eq(chk, k, "o_mrk_after", -1, x.mrk_after, lanes((uint64_t)t.o_mrk_after));
        eq(chk, k, "o_run", -1, x.run, lanes((uint64_t)t.o_run));
        eq(chk, k, "o_host", -1, x.host, lanes((uint64_t)t.o_host));
        eq(chk, k, "o_hl_n", -1, x.hl_n, t.o_hl_n);
        eq(chk, k, "o_pdus", -1, x.pdus, t.o_pdus);
        for (unsigned g = 0; g < kG; ++g)
            for (unsigned q = 0; q < W; ++q)
                eq(chk, k, "o_sel", (int)(g * W + q), x.sel[g][q], ls::port_field(t.o_sel, 2 * (g * W + q), 2));
        if (x.runs > 0) {
            eq(chk, k, "o_r_p0", -1, x.r_p[0], t.o_r_p0);
            eq(chk, k, "o_r_mval0", -1, x.r_mval[0], t.o_r_mval0);
            eq(chk, k, "o_r_bnd0", -1, x.r_bnd[0], t.o_r_bnd0);
        }
        if (x.runs > 1) {
            eq(chk, k, "o_r_p1", -1, x.r_p[1], t.o_r_p1);
            eq(chk, k, "o_r_mval1", -1, x.r_mval[1], t.o_r_mval1);
            eq(chk, k, "o_r_bnd1", -1, x.r_bnd[1], t.o_r_bnd1);
        }
        if (l.xf.cnt == 2) {
            const mdd_txg_x_out &y = l.xf.e[1].xo;
            eq(chk, k, "o1_cls0", -1, y.cls[0], t.o1_cls0);
            eq(chk, k, "o1_mb0", -1, y.mb[0], t.o1_mb0);
            eq(chk, k, "o1_bnd0", -1, y.boundary & 1, t.o1_bnd0);
            eq(chk, k, "o1_upto0", -1, y.upto_len & 1, t.o1_upto0);
        }
    }

    std::unique_ptr<Vmdd_txg_lay> lay_[2];
    uint64_t words_ = 0, checks_ = 0;
};
