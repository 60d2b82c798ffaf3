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

# Project root (the directory holding this scripts/ folder).
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

# iterator_files TREE: the .c/.h files of TREE that name an entry iterator
# (list_for_each_entry*, hlist_for_each_entry*), relative, sorted.
iterator_files() {
	(cd "$1" && grep -rlE --include='*.[ch]' --exclude-dir=.git \
		'\bh?list_for_each_entry' . | sed 's|^\./||' | sort)
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
