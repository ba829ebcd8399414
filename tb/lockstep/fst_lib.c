/* SPDX-License-Identifier: MIT */
/*
 * GTKWave's FST writer as the lockstep harnesses link it (build/lib/libvlfst.a, mk/rtl.mk): the sources Verilator
 * installs with itself (include/gtkwave), compiled the way its own verilated_fst_c.cpp compiles them. Nothing of
 * them is copied into this repository.
 */
#define HAVE_LIBPTHREAD
#define FST_WRITER_PARALLEL
#define FST_CONFIG_INCLUDE "fst_config.h"
#include "gtkwave/fastlz.c"
#include "gtkwave/fstapi.c"
#include "gtkwave/lz4.c"
