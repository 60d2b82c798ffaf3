# nospec-list: speculation-safe list iterators for Debian's linux-source-6.12.
#
#   make          install what is missing, prepare build/linux (Debian source +
#                 patches/), build and boot the KUnit kernels in QEMU, print
#                 the verdict table
#   make check    everything testable; ends with "N passed, N failed"
#   make export   write build/linux's commits back to patches/
#   make bench    cycles per element of the list iterators, vanilla vs
#                 the series (build/bench/; docs/bench.md)
#   make scan     find and classify uses of list iterators after their loops
#   make validate whole defconfig kernels with the series (x86_64, arm64),
#                 booted in QEMU under a workload (CONTROL=1: control runs)
#   make compile-check  every .c file the series changes, W=1, option off
#                 and on, against pristine
#   make bisect-check  the x86_64 KUnit kernel, option on, at every prefix
#                 of the series' core
#
# See README.md.

SHELL := /bin/bash
S := scripts

# Debian packages the targets need; scripts/deps.sh installs the missing ones.
DEBS := linux-source-6.12 gcc make libc6-dev git patch perl python3 \
	flex bison bc libelf-dev libssl-dev cpio xz-utils kmod python3-ply \
	qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu clang lld llvm \
	coccinelle gnuplot-nox ccache busybox-static e2fsprogs \
	libc6-dev-arm64-cross gcc-arm-linux-gnueabi gcc-powerpc64le-linux-gnu \
	gcc-s390x-linux-gnu gcc-mips-linux-gnu gcc-riscv64-linux-gnu

.PHONY: all deps tree kunit check checkpatch test-scripts export scan poc bench \
	ktext reassign validate compile-check bisect-check recipients clean help

all: deps tree
	@$(S)/kunit-all.sh

deps:
	@$(S)/deps.sh $(DEBS)

tree: deps
	@$(S)/tree.sh

kunit: tree
	@$(S)/kunit-all.sh

check: deps
	@$(S)/check.sh

checkpatch: tree
	@$(S)/checkpatch.sh

# Uses of list iterators after their loops, classified: build/scan/report.*
# (make scan TREE=/path/to/linux for another kernel tree).
scan: deps
	@TREE="$(TREE)" $(S)/scan.sh

# Whole kernels: x86_64 and arm64 defconfig + KASAN with the series, booted
# under a workload (scripts/validate.sh).  VALIDATE_ARCHES="x86_64" for one;
# CONTROL=1 adds the option-off and the core-only (no fix patches) runs.
validate: tree
	@$(S)/validate.sh

# Every prefix of the series' core with CONFIG_LIST_NOSPEC on: the x86_64
# KUnit kernel built and booted at each (scripts/bisect-check.sh); one
# kernel per prefix, so not part of make check.
bisect-check: tree
	@$(S)/bisect-check.sh

# Every .c file the series changes, compiled W=1 with the option off and on
# and compared with pristine (scripts/compile-check.sh); records the
# pristine warnings in scripts/compile-check.baseline for make check, which
# compiles with the option on only against that record.
compile-check: tree
	@$(S)/compile-check.sh

# Host-side tests of the scripts only (no kernel build).
test-scripts:
	@tests/run.sh

# Who each patch goes to (the tree's get_maintainer.pl): patches/recipients.
recipients: tree
	@$(S)/recipients.sh

export:
	@$(S)/export.sh

# Benchmark, not a test: vmlinux .text growth of CONFIG_LIST_NOSPEC
# (x86_64 defconfig built twice, ~40 minutes on 2 cores when both rebuild).
ktext: tree
	@$(S)/ktext.sh

# Measurement for issue 6: how many loop bodies in the tree assign the
# cursor or a _safe lookahead (build/reassign/sites.txt).
reassign: deps
	@TREE="$(TREE)" $(S)/reassign.sh

# User space only: builds poc/poc.c against the vanilla and the series'
# tools/include/linux/list.h and prints one table; loads nothing.
poc: tree
	@$(S)/poc.sh

# Host-side benchmark of the iterators (issue 6): about two minutes, prints
# the table, writes build/bench/results.tsv, cycles.png and ratios.png.
# BENCH_QUICK=1 for a short run.  A benchmark, not a test: nothing in
# 'make check' looks at its times.
BENCH_DEBS := gcc libc6-dev binutils git gnuplot-nox
bench: tree
	@$(S)/deps.sh $(BENCH_DEBS)
	@$(S)/bench.sh

# Removes build products but never build/linux, which may hold unexported
# commits; remove that yourself once 'make export' has saved them.
clean:
	rm -rf build/kunit build/checkpatch build/check build/tests build/bench

help:
	@sed -n '3,19p' Makefile
