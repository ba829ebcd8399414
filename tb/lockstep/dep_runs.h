// SPDX-License-Identifier: MIT
//
// The deposit engine's payload runs on its AXI4 write channel, for the rate checks of docs/deposit.md 9.5 and
// D-055: a packet's payload is a run of payload bursts (bursts outside the rings and pointer words), each starting
// where the one before ended, with no metadata beat between them (the writer runs one command at a time, and the
// next packet's RHQ entry always goes between two payloads: segments of one message may follow each other in
// memory); a run of at least 4W bytes must leave as one W-byte beat per cycle when nothing stalls. Used by tb/lockstep/dep_main.cpp (the engine alone) and tb/lockstep/core_main.cpp (the whole core).
#pragma once

#include <cstdint>
#include <deque>

namespace deps {

template <unsigned W>
class PayloadRuns {
  public:
    struct Run {
        uint64_t bytes = 0, beats = 0, first = 0, last = 0;
    };

    void reset() {
        bursts_.clear();
        open_ = false;
    }

    // One cycle of the write channel: an AW handshake (payload: outside the rings), a W handshake. Returns true
    // when a run of at least 4W bytes ended this cycle without being one beat per cycle; slow() says which.
    bool cycle(uint64_t cyc, bool aw_fire, uint64_t awaddr, unsigned awlen, bool aw_payload, bool w_fire,
               uint64_t wstrb, bool wlast) {
        bool slow = false;
        if (aw_fire) bursts_.push_back(Burst{aw_payload, false, awaddr, awaddr + (uint64_t)(awlen + 1) * W});
        if (w_fire) {
            const unsigned n = (unsigned)__builtin_popcountll(wstrb);
            if (!bursts_.empty() && bursts_.front().payload) {
                Burst &b = bursts_.front();
                const bool first = !b.started;
                b.started = true;
                if (first && (!open_ || b.addr != end_)) {  // a new packet's first beat
                    slow = close();
                    open_ = true;
                    run_ = Run();
                    run_.first = cyc;
                }
                end_ = b.end;
                run_.last = cyc;
                ++run_.beats;
                run_.bytes += n;
                payload_bytes_ += n;
                if (!payload_beats_++) payload_first_ = cyc;
                payload_last_ = cyc;
            }
            else if (!bursts_.empty() && open_)
                slow = close();  // a metadata beat: the payload command before it has ended
            if (wlast && !bursts_.empty()) bursts_.pop_front();
        }
        return slow;
    }

    const Run &slow() const { return closed_; }
    uint64_t runs_4w() const { return runs_4w_; }
    uint64_t runs_full() const { return runs_full_; }
    uint64_t payload_bytes() const { return payload_bytes_; }
    // cycles from the first payload beat to the last
    uint64_t payload_window() const { return payload_beats_ ? payload_last_ - payload_first_ + 1 : 0; }

  private:
    struct Burst {
        bool payload, started;
        uint64_t addr, end;
    };

    // the run that just ended: true when it had at least 4W bytes and took more cycles than beats
    bool close() {
        if (!open_) return false;
        open_ = false;
        if (run_.bytes < 4ull * W) return false;
        ++runs_4w_;
        if (run_.last - run_.first + 1 == run_.beats) {
            ++runs_full_;
            return false;
        }
        closed_ = run_;
        return true;
    }

    std::deque<Burst> bursts_;
    bool open_ = false;
    uint64_t end_ = 0;
    Run run_, closed_;
    uint64_t runs_4w_ = 0, runs_full_ = 0;
    uint64_t payload_bytes_ = 0, payload_beats_ = 0, payload_first_ = 0, payload_last_ = 0;
};

}  // namespace deps
