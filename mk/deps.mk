# deps: install the tools the build needs with apt-get, only when something is missing.
# verilator/iverilog simulate, yosys estimates area, zlib and ISA-L are test/bench oracles
# (the model itself needs neither).
DEPS_MISSING = $(strip \
  $(if $(shell command -v verilator),,verilator) \
  $(if $(shell command -v iverilog),,iverilog) \
  $(if $(shell command -v yosys),,yosys) \
  $(if $(wildcard /usr/include/zlib.h),,zlib1g-dev) \
  $(if $(wildcard /usr/include/isa-l.h),,libisal-dev) \
  $(if $(shell command -v g++),,g++) \
  $(if $(shell command -v $(PYTHON)),,python3))

APT_GET := $(shell [ "$$(id -u)" = 0 ] && echo apt-get || echo sudo apt-get)

deps:
ifneq ($(DEPS_MISSING),)
	@echo "deps: installing $(DEPS_MISSING)"
	DEBIAN_FRONTEND=noninteractive $(APT_GET) update -q
	DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -q --no-install-recommends $(DEPS_MISSING)
else
	@true
endif
