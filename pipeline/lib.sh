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

# iterator_files TREE: the .c/.h files of TREE that name an entry iterator
# (list_for_each_entry*, hlist_for_each_entry*), relative, sorted.
iterator_files() {
	local re
	re=$(finder_vocab entry-re) || return 1
	(cd "$1" && grep -rlE --include='*.[ch]' --exclude-dir=.git \
		"\\b$re" . | sed 's|^\./||' | sort)
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

# target_load NAME: set T_arch, T_cross, T_gcc_pkg, T_allconfig, T_qemu,
# T_qemu_pkg, T_debarch from pipeline/targets/NAME (the per-architecture
# facts as data) and T_name to NAME (one ARCH= may have several targets).
target_load() {
	local f=$NOSPEC_TOP/pipeline/targets/$1 k v
	[ -f "$f" ] || die "unknown architecture '$1': use one of $(ls "$NOSPEC_TOP/pipeline/targets" | tr '\n' ' ')"
	T_name=$1 T_arch='' T_cross='' T_gcc_pkg='' T_allconfig='' T_qemu='' T_qemu_pkg='' T_debarch=''
	while IFS='=' read -r k v; do
		case $k in
		''|'#'*) ;;
		arch|cross|gcc_pkg|allconfig|qemu|qemu_pkg|debarch) printf -v "T_$k" '%s' "$v" ;;
		*) die "$f: unknown key '$k'" ;;
		esac
	done <"$f"
	[ -n "$T_arch" ] || die "$f: no arch= line"
}

# target_need_gcc: the target's compiler is there, installed if missing.
target_need_gcc() {
	command -v "${T_cross}gcc" >/dev/null && return 0
	"$NOSPEC_TOP/pipeline/deps.sh" "$T_gcc_pkg" ||
		die "${T_cross}gcc not found and '$T_gcc_pkg' did not install: apt-get install $T_gcc_pkg, then rerun"
	command -v "${T_cross}gcc" >/dev/null ||
		die "$T_gcc_pkg installed but ${T_cross}gcc is missing: check the package, then rerun"
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

# base_commit_of DIR: the pristine Debian commit of a work tree.
# untracked_work DIR: files of the tree at DIR that git does not track
# (Debian's .gitignore hides new ones), but for checkpatch --strict's
# CamelCase cache (.checkpatch-camelcase.git.*), which is no work.
untracked_work() {
	git -C "$1" status --porcelain --ignored --untracked-files=all |
		sed -n 's/^[?!][?!] //p' | grep -v '^\.checkpatch-camelcase\.git\.' || true
}

base_commit_of() { git -C "$1" rev-list --max-parents=0 HEAD | tail -n1; }

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
