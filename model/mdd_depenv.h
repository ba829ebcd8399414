/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depenv.h - the deposit engine's test environment: everything around an mdd_dep implementation that a
 * cycle-level test needs, in one place so that the twin-alone unit test (tb/unit/test_dep.c) and the lockstep
 * harness (tb/lockstep/dep_main.cpp) drive and check the engine the same way:
 *
 *   software     tables programmed through s_axil (model/mdd_deptraf.h, after polling STATUS.init_busy), the
 *                generator's software actions (re-open, arming) while the engine is quiet, ring heads advanced from
 *                what host memory shows (producer pointers, CQE phase bits) at random intervals, register reads
 *                (counters, table read-back) checked by the scoreboard;
 *   packets      the generator's valid and adversarial packets through the s_axis_dep driver; after each reset a
 *                few packets arrive before the tables are programmed (they must write nothing); behind a packet
 *                that fails late, often a valid packet of the same connection at once (FLUSHED);
 *   host         model/mdd_hostmem.h as the AXI4 write slave (random stalls and B delays, the generator's poison
 *                region answering SLVERR), its protocol, safety and address-order checks;
 *   events       random m_axis_evt_tready and m_axis_seg_tready (SEG records of message segments);
 *   scoreboard   model/mdd_depscore.h fed every cycle;
 *   resets       at random (1..3 cycles): the scoreboard, host memory, generator and drivers start a new epoch with
 *                the engine (what was in flight is lost on both sides; software programs everything again).
 *
 * Per cycle: mdd_depenv_drive(in) fills every input; evaluate the device; mdd_depenv_tick(in, out) before the
 * device's clock edge. Failures go to the callback.
 */
#ifndef MDD_DEPENV_H
#define MDD_DEPENV_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_cmb_model.h"
#include "mdd_dep_model.h"
#include "mdd_dep_msg_model.h"
#include "mdd_depmsg.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mdd_depenv_cfg {
    mdd_dep_params p;
    uint64_t seed;
    uint32_t max_len;        /* payload lengths 0..max_len (generator default 65536) */
    unsigned adv_pct;        /* % adversarial packets */
    unsigned sw_pct;         /* % chance of a software action before a packet */
    unsigned valid_pct;      /* s_axis_dep tvalid */
    unsigned axil_pct;       /* s_axil master starts an access */
    unsigned awready_pct, wready_pct, bvalid_pct, b_delay_max; /* AXI slave */
    unsigned evt_ready_pct;  /* m_axis_evt_tready */
    unsigned seg_ready_pct;  /* m_axis_seg_tready */
    unsigned rst_ppm;        /* chance per million cycles that a reset starts */
    unsigned head_period;    /* software advances the ring heads every 1..head_period cycles */
    unsigned status_poll;    /* software reads STATUS every status_poll cycles while packets flow (0: never): its
                              * wait bits are timing, which only the lockstep comparison with the twin judges */
    unsigned gap;            /* idle cycles between packets (a bench measuring one packet at a time) */
    bool fixed;              /* the size sweep: WRITEs of exactly fixed_len bytes (model/mdd_deptraf.h) */
    uint32_t fixed_len;
    bool fixed_compl;
    /* messages through the combiner (rtl/mdd_dep_msg.v, model/mdd_depmsg.h): drive and tick with the _msg calls */
    bool msg;
    mdd_cmb_params cmb;      /* mdd_dep_msg_cmb_params() */
    unsigned msg_seg_pct;    /* % of packet slots that carry a message segment (0: the message layer's default) */
    uint32_t msg_max_len;    /* message length 1..msg_max_len (0: the default) */
    unsigned msg_wrong_pct;  /* % of messages OPENed with a wrong expected CRC (0: the message layer's default) */
    unsigned res_ready_pct;  /* m_axis_cmb_res_tready */
};
void mdd_depenv_default_cfg(struct mdd_depenv_cfg *cfg, const mdd_dep_params *p, uint64_t seed);

typedef void (*mdd_depenv_fail_fn)(void *ctx, const char *what, const char *msg);

struct mdd_depenv;
/* NULL on parameters the generator cannot use (it needs CONNS >= 4, REGIONS >= 8, AREGS >= 4). */
struct mdd_depenv *mdd_depenv_new(const struct mdd_depenv_cfg *cfg, mdd_depenv_fail_fn fail, void *ctx);
void mdd_depenv_free(struct mdd_depenv *e);

void mdd_depenv_drive(struct mdd_depenv *e, mdd_dep_in *in, uint64_t cycle);
void mdd_depenv_tick(struct mdd_depenv *e, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle);
/* No new packets, software actions or resets from now on (the run drains). */
void mdd_depenv_stop(struct mdd_depenv *e);
/* Everything sent has been received, written, answered and checked. */
bool mdd_depenv_drained(const struct mdd_depenv *e);
/* The software has written its tables since the last reset (about 4000 AXI4-Lite writes at the defaults): packets
 * flow only from then on. */
bool mdd_depenv_tables_written(const struct mdd_depenv *e);
/* End of run: the scoreboard's final checks (every prediction observed). */
void mdd_depenv_finish(struct mdd_depenv *e);

struct mdd_depenv_stats {
    uint64_t packets;        /* packets predicted (all epochs) */
    uint64_t codes[64];      /* per predicted code */
    uint64_t hdr_fail;       /* failed a header check (error CQE only) */
    uint64_t late_fail;      /* passed the header checks, failed late (FLUSHED included) */
    uint64_t early_pkts;     /* sent before the tables were programmed */
    uint64_t replays;        /* valid packets sent again right behind a late failure of their connection */
    uint64_t adv_sent;       /* adversarial packets the generator made (every kind but VALID) */
    uint64_t resets, bursts, bytes_checked, events, segs, reads_checked, flushed_taken;
    uint64_t passed;         /* scoreboard checks passed + bursts through the protocol/safety checks */
    uint64_t failed;         /* scoreboard + host memory failures */
    uint64_t violations;     /* writes outside the authorised ranges */
};
/* With messages: the same for rtl/mdd_dep_msg.v's ports (the combiner's record input and result output too). */
void mdd_depenv_drive_msg(struct mdd_depenv *e, mdd_dep_msg_in *in, uint64_t cycle);
void mdd_depenv_tick_msg(struct mdd_depenv *e, const mdd_dep_msg_in *in, const mdd_dep_msg_out *out, uint64_t cycle);
/* In a larger device (rtl/mdd_core.v) something sits between s_axis_dep and the engine (the RX router, which adds
 * packets of its own): the environment drives the port, the scoreboard rebuilds packets from the engine's input. */
struct mdd_depenv_stream {
    uint8_t tdata[MDD_DEP_MAX_W];
    uint64_t tkeep;
    bool tvalid, tready, tlast, tuser;
};
void mdd_depenv_tick_msg_at(struct mdd_depenv *e, const mdd_dep_msg_in *in, const mdd_dep_msg_out *out,
                            const struct mdd_depenv_stream *engine, uint64_t cycle);
/* Packets the scoreboard has not seen yet are on their way into the engine (e.g. the core's RX transfers routed to
 * it, or the environment's own packets inside the core between its port and the engine's input, where the
 * scoreboard watches): software actions that need a quiet engine wait. */
void mdd_depenv_set_external_busy(struct mdd_depenv *e, bool busy);
/* At the end of a run only: the packet half received at the engine's input is still being sent by a source outside
 * the environment (a routed RX transfer still entering the core): drained() and finish() do not count it. */
void mdd_depenv_set_input_open(struct mdd_depenv *e, bool open);
/* The scoreboard expects nothing more of the engine (every packet it saw is complete): without external business,
 * software could act now. */
bool mdd_depenv_scoreboard_quiet(const struct mdd_depenv *e);
/* Software waits for a quiet engine to write tables, re-arm or read counters: other sources should hold back. */
bool mdd_depenv_wants_quiet(const struct mdd_depenv *e);
/* Whether the environment's own packets are all sent and its software has nothing in flight on s_axil. */
bool mdd_depenv_port_idle(const struct mdd_depenv *e);
/* The message layer's totals (zeros without messages). */
void mdd_depenv_get_msg_stats(const struct mdd_depenv *e, struct mdd_depmsg_stats *st);

/* Whether addr is inside an RHQ ring of the current epoch (a packet that passed starts with its entry there). */
bool mdd_depenv_is_rhq_entry(const struct mdd_depenv *e, uint64_t addr);
/* Totals over every epoch so far. */
void mdd_depenv_get_stats(const struct mdd_depenv *e, struct mdd_depenv_stats *st);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEPENV_H */
