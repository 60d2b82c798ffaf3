# nospec-list: speculation-safe list iterators for Debian's linux-source-6.12.
#
#   make          install what is missing, prepare build/linux (Debian source +
#                 patches/), build and boot the KUnit kernels in QEMU, print
#                 the verdict table
#   make check    everything testable; ends with "N passed, N failed"
#   make export   write build/linux's commits back to patches/
#
# See README.md.

SHELL := /bin/bash
S := scripts

# Debian packages the targets need; scripts/deps.sh installs the missing ones.
DEBS := linux-source-6.12 gcc make libc6-dev git patch perl python3 \
	flex bison bc libelf-dev libssl-dev cpio xz-utils kmod \
	qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu clang lld llvm \
	coccinelle

.PHONY: all deps tree kunit check checkpatch test-scripts export poc ktext clean help

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

# Host-side tests of the scripts only (no kernel build).
test-scripts:
	@tests/run.sh

export:
	@$(S)/export.sh

# Benchmark, not a test: vmlinux .text growth of CONFIG_LIST_NOSPEC
# (x86_64 defconfig built twice, ~20 minutes on 2 cores).
ktext: tree
	@$(S)/ktext.sh

# User space only: builds poc/poc.c against the vanilla and the series'
# tools/include/linux/list.h and prints one table; loads nothing.
poc: tree
	@$(S)/poc.sh

# Removes build products but never build/linux, which may hold unexported
# commits; remove that yourself once 'make export' has saved them.
clean:
	rm -rf build/kunit build/checkpatch build/check build/tests

help:
	@sed -n '3,10p' Makefile
