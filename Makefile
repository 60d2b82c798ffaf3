# nospec-list: speculation-safe list iterators for Debian's linux-source-6.12.
#
#   make          install what is missing, prepare build/linux (Debian source +
#                 patches/), build and boot the KUnit kernels in QEMU, print
#                 the verdict table
#   make check    everything testable; ends with "N passed, N failed"
#   make export   write build/linux's commits back to patches/
#   make scan     find and classify uses of list iterators after their loops
#
# See README.md.

SHELL := /bin/bash
S := scripts

# Debian packages the targets need; scripts/deps.sh installs the missing ones.
DEBS := linux-source-6.12 gcc make libc6-dev git patch perl python3 \
	flex bison bc libelf-dev libssl-dev cpio xz-utils kmod \
	qemu-system-x86 coccinelle

.PHONY: all deps tree kunit check checkpatch test-scripts export clean help scan

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

# Host-side tests of the scripts only (no kernel build).
test-scripts:
	@tests/run.sh

export:
	@$(S)/export.sh

# Removes build products but never build/linux, which may hold unexported
# commits; remove that yourself once 'make export' has saved them.
clean:
	rm -rf build/kunit build/checkpatch build/check build/tests

help:
	@sed -n '3,11p' Makefile
