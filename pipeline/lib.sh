# shellcheck shell=bash
# Common helpers for the nospec-list scripts; source, do not run.

# die MESSAGE: one line on stderr that says what to do, then exit 1.
die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

note() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

# Project root (the directory holding this pipeline/ folder).
NOSPEC_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Where things live; every one of them can be overridden from the environment.
: "${KSRC_PKG:=linux-source-6.12}"
: "${KSRC_TARBALL:=/usr/src/linux-source-6.12.tar.xz}"
: "${BUILD:=$NOSPEC_TOP/build}"
: "${KT:=$BUILD/linux}"
: "${PATCHES:=$NOSPEC_TOP/patches}"

# Debian version of the kernel source package, or empty.
ksrc_version() {
	if [ -n "${KSRC_VERSION:-}" ]; then
		printf '%s\n' "$KSRC_VERSION"
		return
	fi
	dpkg-query -W -f='${Version}' "$KSRC_PKG" 2>/dev/null || true
}

# Patch files of the series, in order, one per line (absolute paths).
series_files() {
	local f
	[ -f "$PATCHES/series" ] || return 0
	while read -r f; do
		case "$f" in ''|'#'*) continue ;; esac
		printf '%s\n' "$PATCHES/$f"
	done <"$PATCHES/series"
}

# finder_vocab WORD: an item of the finder's vocabulary (finder/vocab.py:
# entry-re, safe-prefix, iterators, resuming, categories).
finder_vocab() {
	python3 "$NOSPEC_TOP/finder/vocab.py" "$1"
}

# iterator_files TREE [PATH...]: the .c/.h files of TREE (or of PATHs in it)
# that name an entry iterator (list_for_each_entry*, hlist_for_each_entry*),
# relative, sorted.
iterator_files() {
	local re tree=$1
	shift
	re=$(finder_vocab entry-re) || return 1
	(cd "$tree" && grep -rlE --include='*.[ch]' --exclude-dir=.git \
		"\\b$re" -- "${@:-.}" | sed 's|^\./||' | sort)
}

# The finder's semantic patch, a file of the series.
FINDER_COCCI=scripts/coccinelle/iterators/list_iterator_after_loop.cocci

# cocci_from_patches DIR: apply the series' patches that touch $FINDER_COCCI
# to an empty DIR and print the path of the file written there.
cocci_from_patches() {
	local dir=$1 p
	local -a touch=()
	while read -r p; do
		grep -q "^+++ b/$FINDER_COCCI\$" "$p" && touch+=("$p")
	done < <(series_files)
	[ ${#touch[@]} -gt 0 ] ||
		die "no patch in $PATCHES adds $FINDER_COCCI; restore patches/ from git"
	rm -rf "$dir" && mkdir -p "$dir" || die "cannot create $dir"
	# GIT_CEILING_DIRECTORIES keeps git apply from taking the project's own
	# repository for the tree to patch.
	(cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") \
		git apply --include="$FINDER_COCCI" "${touch[@]}") ||
		die "could not extract $FINDER_COCCI from $PATCHES"
	printf '%s\n' "$dir/$FINDER_COCCI"
}

# finder_cocci: build/linux's copy when the tree has it (it may hold edits
# not yet exported), else the one in patches/ (extracted to build/finder/).
finder_cocci() {
	if [ -f "$KT/$FINDER_COCCI" ]; then
		printf '%s\n' "$KT/$FINDER_COCCI"
	else
		cocci_from_patches "$BUILD/finder"
	fi
}

# The keys of a target record, pipeline/targets/NAME (one key=value a line):
#   arch           ARCH= of the kernel build (one ARCH= may have several targets)
#   cross          CROSS_COMPILE= prefix, empty for the host
#   cc             the compiler after the prefix (default gcc)
#   make           further make options, space-separated (LLVM=1)
#   gcc_pkg        the Debian package of the compiler
#   tools          commands the target needs (default: the compiler)
#   objdump        the disassembler of its objects (default: cross + objdump)
#   allconfig      a KCONFIG_ALLCONFIG fragment of the tree (compile-check)
#   compile_check  "no" keeps a target out of compile-check's architectures
#   qemu           kunit.py's qemu_configs/ name; empty: it cannot boot here
#   qemu_bin       the QEMU binary, qemu_pkg its Debian package
#   debarch        the Debian architecture (the guest's busybox-static)
#   kunit          the KUnit runs 'make kunit' builds for it (nospec-on ...)
TARGET_KEYS='arch cross cc make gcc_pkg tools objdump allconfig compile_check qemu qemu_bin qemu_pkg debarch kunit'

# target_load NAME: set T_<key> for every key of pipeline/targets/NAME, the
# defaults where the record has none, and T_name to NAME.  "x86_64/llvm"
# names the record x86_64-llvm.
target_load() {
	local name=${1//\//-} k v
	local f=$NOSPEC_TOP/pipeline/targets/$name
	[ -n "$name" ] && [ -f "$f" ] || die "unknown target '$1': use one of $(target_names | tr '\n' ' ')"
	T_name=$name
	for k in $TARGET_KEYS; do printf -v "T_$k" '%s' ''; done
	while IFS='=' read -r k v; do
		case $k in ''|'#'*) continue ;; esac
		[[ " $TARGET_KEYS " == *" $k "* ]] || die "$f: unknown key '$k'"
		printf -v "T_$k" '%s' "$v"
	done <"$f"
	[ -n "$T_arch" ] || die "$f: no arch= line"
	: "${T_cc:=gcc}"
	: "${T_tools:=$T_cross$T_cc}"
	: "${T_objdump:=${T_cross}objdump}"
}

# target_names: the names of the target records, one per line.
target_names() {
	ls "$NOSPEC_TOP/pipeline/targets"
}

# kunit_suites CONFIG: the suites of the series that a kernel configured by
# the file CONFIG runs, comma-separated: list-kunit-test, the nospec
# suites, and their -classic twins when CONFIG_LIST_NOSPEC=y.
kunit_suites() {
	local -a s=()
	grep -q '^CONFIG_LIST_KUNIT_TEST=y' "$1" && s+=(list-kunit-test)
	if grep -q '^CONFIG_LIST_NOSPEC_KUNIT_TEST=y' "$1"; then
		s+=(select_nospec list-nospec rculist-nospec hlist-nospec)
		grep -q '^CONFIG_LIST_NOSPEC=y' "$1" &&
			s+=(list-nospec-classic rculist-nospec-classic hlist-nospec-classic)
	fi
	local IFS=,
	echo "${s[*]}"
}

# target_need_tools: the target's compiler and tools are there; its
# compiler package is installed if one is missing.
target_need_tools() {
	local t missing=
	for t in $T_tools; do command -v "$t" >/dev/null || missing+=" $t"; done
	[ -z "$missing" ] && return 0
	"$NOSPEC_TOP/pipeline/deps.sh" "$T_gcc_pkg" ||
		die "${missing# } not found and '$T_gcc_pkg' did not install: apt-get install $T_gcc_pkg, then rerun"
	for t in $T_tools; do
		command -v "$t" >/dev/null ||
			die "$T_gcc_pkg installed but $t is missing: run 'make deps', then rerun"
	done
}

# Kernel builds share one ccache outside the clone, so a later clone (CI)
# on the same machine finds what an earlier one compiled.  base_dir makes
# the paths relative; the validate and compile-check trees keep the same
# layout (obj-*/ beside src/), so their compiles hit across runs.
: "${NOSPEC_CCACHE_DIR:=/var/cache/nospec-list/ccache}"
ccache_env() {
	command -v ccache >/dev/null || die "ccache not found: run 'make deps' (or apt-get install ccache)"
	mkdir -p "$NOSPEC_CCACHE_DIR" || die "cannot create $NOSPEC_CCACHE_DIR: set NOSPEC_CCACHE_DIR to a writable directory"
	export CCACHE_DIR=$NOSPEC_CCACHE_DIR CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1
	export CCACHE_SLOPPINESS=time_macros CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-30G}
}

# qemu_params SRC: shell assignments of Q_bin (the QEMU binary), Q_kernel
# (the image, relative to the object directory), Q_cmdline (the console),
# Q_extra (an array of options) and Q_kconfig, from the tree SRC's
# tools/testing/kunit/qemu_configs/$T_qemu.py, read by kunit.py's own
# loader; eval the output.
qemu_params() {
	local src=$1
	(cd "$src/tools/testing/kunit" && python3 - "$T_qemu" <<'PY'
import shlex, sys
sys.path.insert(0, '.')
import kunit_kernel	# kunit.py's own loader of qemu_configs/ARCH.py
_, ops = kunit_kernel._get_qemu_ops(kunit_kernel._default_qemu_config_path(sys.argv[1]), None, None)
print('Q_bin=' + shlex.quote('qemu-system-' + ops._qemu_arch))
print('Q_kernel=' + shlex.quote(ops._kernel_path))
print('Q_cmdline=' + shlex.quote(ops._kernel_command_line.replace(' kunit_shutdown=reboot', '')))
print('Q_extra=(' + ' '.join(shlex.quote(x) for x in ops._extra_qemu_params) + ')')
print('Q_kconfig=' + shlex.quote(ops._kconfig.strip()))
PY
	)
}

# base_commit_of DIR: the pristine Debian commit of a work tree.
# untracked_work DIR: files of the tree at DIR that git does not track
# (Debian's .gitignore hides new ones), but for checkpatch --strict's
# CamelCase cache (.checkpatch-camelcase.git.*), which is no work.
untracked_work() {
	git -C "$1" status --porcelain --ignored --untracked-files=all |
		sed -n 's/^[?!][?!] //p' | grep -v '^\.checkpatch-camelcase\.git\.' || true
}

# base_commit_of TREE: the root commit of a work tree, pristine Debian source.
base_commit_of() { git -C "$1" rev-list --max-parents=0 HEAD | tail -n1; }

# The project's user-space mirror of the nospec iterators, which replaces
# three files of the pristine tools/ (measure/include/README).
MIRROR=$NOSPEC_TOP/measure/include

# tools_arch: this machine's architecture as tools/arch/ names it.
tools_arch() { uname -m | sed 's/x86_64/x86/; s/aarch64/arm64/'; }

# pristine_tools TREE DIR [PATH...]: extract tools/include, this machine's
# tools/arch/ARCH/include and PATHs from TREE's root commit (pristine
# Debian) into DIR, by git archive: never from the work tree, which holds
# the series and may be moving.
pristine_tools() {
	local tree=$1 dir=$2 root
	shift 2
	root=$(base_commit_of "$tree") &&
		mkdir -p "$dir" &&
		git -C "$tree" archive -o "$dir/.tools.tar" "$root" tools/include \
			"tools/arch/$(tools_arch)/include" "$@" &&
		tar -x -C "$dir" -f "$dir/.tools.tar" &&
		rm -f "$dir/.tools.tar"
}

# mirror_cflags DIR [ARCH]: the -I options, one per line, that build
# against the mirror in front of the pristine tools/ that pristine_tools
# put in DIR, for this machine's architecture or ARCH (x86, arm64).
mirror_cflags() {
	local a=${2:-}
	[ -n "$a" ] || a=$(tools_arch)
	printf '%s\n' "-I$MIRROR" "-I$MIRROR/arch/$a" "-I$1/tools/include" "-I$1/tools/arch/$a/include"
}

# worktree_at DIR COMMIT: DIR is a detached git worktree of build/linux at
# COMMIT (created, or moved there: only changed files are rewritten, so
# builds from it stay incremental).  DIR only ever holds checkouts made
# here; one left broken by a re-extracted build/linux is made anew.
worktree_at() {
	local dir=$1 commit=$2
	if [ -d "$dir" ] && ! git -C "$dir" rev-parse --git-dir >/dev/null 2>&1; then
		note "$dir is no longer a worktree of $KT (re-extracted?): making it anew"
		rm -rf "$dir"
	fi
	git -C "$KT" worktree prune
	if [ ! -d "$dir" ]; then
		git -C "$KT" worktree add -q --detach "$dir" "$commit" ||
			die "cannot create a worktree of $KT at $dir: check the disk space, then rerun"
	fi
	if [ -n "$(git -C "$dir" status --porcelain --untracked-files=no)" ]; then
		die "$dir has local edits: it is a scratch checkout of build/linux, edit build/linux instead (then 'git -C $dir checkout -f .')"
	fi
	git -C "$dir" checkout -q --detach "$commit" ||
		die "cannot check out $commit in $dir"
}
