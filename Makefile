# nospec-list: speculation-safe list iterators for Debian's linux-source-6.12.
#
# 'make help' lists the targets; README.md says what each prints.  The
# harness is pipeline/ (build, boot, check), finder/ (uses of a cursor after
# its loop) and measure/ (leak, speed, size).

SHELL := /bin/bash
P := pipeline
F := finder
M := measure

# Debian packages the targets need; pipeline/deps.sh installs the missing ones.
DEBS := linux-source-6.12 gcc make libc6-dev git patch perl python3 \
	flex bison bc libelf-dev libssl-dev cpio xz-utils kmod python3-ply \
	qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu clang lld llvm \
	coccinelle gnuplot-nox ccache busybox-static e2fsprogs \
	libc6-dev-arm64-cross gcc-arm-linux-gnueabi gcc-powerpc64le-linux-gnu \
	gcc-s390x-linux-gnu gcc-mips-linux-gnu gcc-riscv64-linux-gnu

.PHONY: all deps tree kunit check checkpatch test-scripts export scan poc bench \
	ktext loops icount cpp-size reassign scoped-convert validate compile-check bisect-check recipients \
	clean help

all: deps tree ## install what is missing, prepare build/linux, run the KUnit kernels, print the verdict
	@$(P)/kunit-all.sh

deps: ## install the Debian packages the targets need (apt-get)
	@$(P)/deps.sh $(DEBS)

tree: deps ## build/linux: Debian's linux-source-6.12 with patches/ applied by git am
	@$(P)/tree.sh

kunit: tree ## build and boot the KUnit kernels in QEMU (the default target's job)
	@$(P)/kunit-all.sh

check: deps ## every test; ends with 'N passed, N failed'
	@$(P)/check.sh

checkpatch: tree ## checkpatch --strict on every patch of the series
	@$(P)/checkpatch.sh

# Uses of list iterators after their loops, classified: build/scan/report.*
# (make scan TREE=/path/to/linux for another kernel tree).
scan: deps ## find and classify uses of list cursors after their loops (TREE=)
	@TREE="$(TREE)" $(F)/scan.sh

# The converter to the loop-scoped iterators (the series' list_scoped.cocci)
# as a dry run over the tree: what it converts and what it leaves, and why,
# per top-level directory (pipeline/scoped-convert.sh; DIRS= to limit it).
scoped-convert: tree ## dry run of the _scoped converter: loops converted and left, per directory
	@TREE="$(TREE)" $(P)/scoped-convert.sh $(DIRS)

# Whole kernels: x86_64 and arm64 defconfig + KASAN with the series, booted
# under a workload (pipeline/validate.sh).  VALIDATE_ARCHES="x86_64" for one;
# CONTROL=1 adds the option-off and the core-only (no fix patches) runs.
validate: tree ## whole defconfig+KASAN kernels booted under a workload (CONTROL=1)
	@$(P)/validate.sh

# Every prefix of the series' core with CONFIG_LIST_NOSPEC on: the x86_64
# KUnit kernel built and booted at each (pipeline/bisect-check.sh); one
# kernel per prefix, so not part of make check.
bisect-check: tree ## the x86_64 KUnit kernel, option on, at every prefix of the core
	@$(P)/bisect-check.sh

# Every .c file the series changes, compiled W=1 with the option off and on
# and compared with pristine (pipeline/compile-check.sh); records the
# pristine warnings in pipeline/compile-check.baseline for make check, which
# compiles with the option on only against that record.
compile-check: tree ## every .c file the series changes, W=1, option off and on
	@$(P)/compile-check.sh

# Host-side tests of the scripts only (no kernel build).
test-scripts: ## the host-side tests of the harness only (no kernel build)
	@tests/run.sh

# Who each patch goes to (the tree's get_maintainer.pl): patches/recipients.
recipients: tree ## who each patch goes to: patches/recipients
	@$(P)/recipients.sh

export: ## write build/linux's commits back to patches/
	@$(P)/export.sh

# Benchmark, not a test: vmlinux .text growth of CONFIG_LIST_NOSPEC
# (x86_64 defconfig built twice, ~40 minutes on 2 cores when both rebuild).
# KTEXT_VARIANT=NAME=TREE adds the option-on build of another tree (a
# worktree of build/linux with a change to try) and its own report.
ktext: tree ## benchmark: vmlinux .text growth of CONFIG_LIST_NOSPEC
	@$(M)/ktext/ktext.sh $(if $(KTEXT_VARIANT),--variant $(KTEXT_VARIANT))

# User space only: loops whose bodies read invariants, built with the
# pristine iterators and with the series' (measure/include), compared loop
# by loop; LOOPS_SHAPE=ccmp tries the C-compare shape the review proposed.
loops: tree ## the walks' loops against pristine's: each grows by its select only (x86_64, user space)
	@$(M)/loops/loops.sh $(LOOPS_SHAPE)

# What the series' headers and macros add to preprocessed source: kernel/*.c
# of an x86_64 defconfig, pristine against the series with the option off
# and on (CPP_VARIANTS to choose others; see measure/cpp/cpp-size.sh).
CPP_VARIANTS ?= pristine=ROOT series-off=HEAD:off series-on=HEAD:on
cpp-size: tree ## benchmark: preprocessed bytes of kernel/*.c, pristine vs the series off and on
	@$(M)/cpp/cpp-size.sh $(CPP_VARIANTS)

# Instructions the validate workload executes in the kernel, option on
# against off (QEMU TCG with a counting plugin, measure/icount/insns.c):
# boots the two kernels 'make validate CONTROL=1' built, ICOUNT_RUNS (3)
# times each; about a minute a boot (25 s without KASAN: ICOUNT_CONFIG=nokasan).
# ICOUNT_VARIANT=NAME=IMAGE boots a third kernel image in every repetition.
# A benchmark, not a test.
icount: deps ## benchmark: kernel instructions of the validate workload, option on vs off
	@$(M)/icount/icount.sh

# Measurement for issue 6: how many loop bodies in the tree assign the
# cursor or a _safe lookahead (build/reassign/sites.txt).
reassign: deps ## count loop bodies that assign the cursor or a _safe look-ahead
	@TREE="$(TREE)" $(F)/reassign.sh

# User space only: builds measure/poc/poc.c against the vanilla
# tools/include/linux/list.h and the project's mirror of the series'
# iterators (measure/include) and prints one table; loads nothing.
poc: tree ## user-space flush+reload leak, vanilla vs the series' iterators
	@$(M)/poc/poc.sh

# Host-side benchmark of the iterators (issue 6): about two minutes, prints
# the table, writes build/bench/results.tsv, cycles.png and ratios.png.
# BENCH_QUICK=1 for a short run.  A benchmark, not a test: nothing in
# 'make check' looks at its times.
BENCH_DEBS := gcc libc6-dev binutils git gnuplot-nox
bench: tree ## benchmark: cycles per element, vanilla vs the series
	@$(P)/deps.sh $(BENCH_DEBS)
	@$(M)/bench/bench.sh

# Removes build products but never build/linux, which may hold unexported
# commits; remove that yourself once 'make export' has saved them.
clean: ## remove build products (never build/linux)
	rm -rf build/kunit build/checkpatch build/check build/tests build/bench

help: ## this list
	@sed -n 's/^\([a-z-]*\):.*## \(.*\)/  make \1\t\2/p' Makefile | expand -t 22
