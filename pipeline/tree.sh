#!/usr/bin/env bash
# Prepare build/linux: the pristine Debian kernel source as the root commit of
# a git repository, with the series in patches/ applied on top by git am.
#
# Incremental: nothing is done when the Debian version, the series and the
# work tree's HEAD are what the last run left.  The tree is rebuilt when the
# Debian version or the series changed -- but never when that would throw
# away commits or edits that are not in patches/ yet.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

STATE=$KT/.git/nospec-state
# The identity of the pristine commit, and of git am's commits where git
# knows no one; 'make export' signs off with the developer's own instead.
placeholder=(-c 'user.name=nospec-list developers' -c user.email=nospec-list@example.org)

git_kt() { git -C "$KT" "$@"; }

series_hash() {
	{
		cat "$PATCHES/series" 2>/dev/null || true
		series_files | while read -r f; do
			if [ -f "$f" ]; then cat "$f"; fi
		done
	} | sha256sum | cut -d' ' -f1
}

state_get() { sed -n "s/^$1=//p" "$STATE" 2>/dev/null || true; }

# state_put [partial]: record what the work tree now holds.  "partial"
# marks a series not (yet) fully applied: HEAD is still ours, so nothing is
# lost by starting over, but the next run must apply the series again.
state_put() {
	local series

	series=$(series_hash)
	[ "${1:-}" = partial ] && series=partial
	printf 'version=%s\nseries=%s\nhead=%s\nfuzz=%s\n' \
		"$version" "$series" "$(git_kt rev-parse HEAD)" "${fuzz:-0}" >"$STATE"
}

base_commit() { base_commit_of "$KT"; }

# tree_matches_series: exporting the work tree's commits gives patches/.
tree_matches_series() {
	local tmp a b

	tmp=$(mktemp -d)
	"$NOSPEC_TOP/pipeline/export.sh" --to "$tmp" >/dev/null 2>&1 || { rm -rf "$tmp"; return 1; }
	a=$(PATCHES=$tmp series_files | xargs -r cat | sha256sum)
	b=$(series_files | xargs -r cat | sha256sum)
	rm -rf "$tmp"
	[ "$a" = "$b" ]
}

# Fail unless dropping the work tree's commits and edits loses nothing.
assert_nothing_unexported() {
	if [ -n "$(git_kt status --porcelain --untracked-files=no)" ]; then
		die "$KT has uncommitted changes: commit them and run 'make export' (or discard them with 'git -C $KT checkout .'), then rerun"
	fi
	if [ -n "$(untracked_work "$KT")" ]; then
		die "$KT has files git does not track (Debian's .gitignore hides new ones): 'git -C $KT add -f' and commit them, then 'make export' (or delete them), then rerun"
	fi
	if [ -d "$KT/.git/rebase-apply" ]; then
		die "$KT is in the middle of 'git am': finish or abort it ('git -C $KT am --abort'), then rerun"
	fi
	[ "$(git_kt rev-parse HEAD)" = "$(state_get head)" ] && return 0
	tree_matches_series && return 0
	die "$KT holds $(git_kt rev-list --count "$(base_commit)"..HEAD) commits that differ from patches/: run 'make export' to keep them (or move $KT away to drop them), then rerun"
}

extract() {
	local tmp top

	[ -r "$KSRC_TARBALL" ] ||
		die "kernel source $KSRC_TARBALL is missing: run 'apt-get install --reinstall $KSRC_PKG' (or 'make deps'), then rerun"
	mkdir -p "$BUILD"
	tmp=$(mktemp -d "$BUILD/.extract.XXXXXX")
	note "extracting $KSRC_TARBALL ($version)"
	if ! tar -xf "$KSRC_TARBALL" -C "$tmp" 2>"$tmp.err"; then
		rm -rf "$tmp"
		trap 'rm -f "$tmp.err"' EXIT
		die "cannot extract $KSRC_TARBALL ($(head -n1 "$tmp.err")): reinstall it with 'apt-get install --reinstall $KSRC_PKG', then rerun"
	fi
	rm -f "$tmp.err"
	top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n1)
	if [ -z "$top" ] || [ ! -f "$top/include/linux/list.h" ]; then
		rm -rf "$tmp"
		die "$KSRC_TARBALL does not hold a kernel tree (no include/linux/list.h): reinstall $KSRC_PKG, then rerun"
	fi

	git -C "$top" init -q -b master
	git -C "$top" config core.autocrlf false
	git -C "$top" config gc.auto 0
	git -C "$top" add -A -f .
	# The placeholder is the pristine commit's author only: the tree's git
	# config names nobody, so that the developer's identity (git's
	# user.name and user.email) makes and exports the commits.
	git -C "$top" "${placeholder[@]}" commit -q --no-verify \
		-m "Debian $KSRC_PKG $version (pristine)" \
		-m "Extracted from $KSRC_TARBALL, Debian package $KSRC_PKG version $version."
	rm -rf "$KT"
	mv "$top" "$KT"
	rmdir "$tmp"
}

# Apply every patch of the series with git am; report fuzz, fail clearly.
apply_series() {
	local p n=0 out files
	local -a am_ident=()

	# git am records a committer: the developer, or the placeholder where
	# git knows no one (the committer is not exported).
	git_kt var GIT_COMMITTER_IDENT >/dev/null 2>&1 || am_ident=("${placeholder[@]}")
	fuzz=0
	state_put partial
	while read -r p; do
		n=$((n + 1))
		[ -f "$p" ] ||
			die "patches/series names ${p##*/}, which does not exist: fix patches/series, then rerun"
		# git am refuses fuzz; GNU patch tells us how far off a hunk is.
		out=$(cd "$KT" && patch -p1 --dry-run -f <"$p" 2>&1) || true
		if ! git_kt apply --check "$p" 2>"$BUILD/apply.err"; then
			files=$(sed -n 's/^error: patch failed: //p; s/^error: \(.*\): No such file.*/\1/p' \
				"$BUILD/apply.err" | head -n3 | tr '\n' ' ')
			git_kt am --abort >/dev/null 2>&1 || true
			die "patch ${p##*/} does not apply${files:+ at ${files% }} (details: $BUILD/apply.err): rebase it on $version and run 'make export'"
		fi
		if grep -qE 'with fuzz|offset' <<<"$out"; then
			fuzz=$((fuzz + 1))
			grep -E 'with fuzz|offset|^(patching|checking) file' <<<"$out" |
				awk -v p="${p##*/}" '/^(patching|checking) file/ {f=$3; next}
					{print "fuzz: " p ": " f ": " $0}' >&2
		fi
		if ! git_kt "${am_ident[@]}" am -q --keep-cr "$p" >"$BUILD/apply.err" 2>&1; then
			git_kt am --abort >/dev/null 2>&1 || true
			die "git am failed on ${p##*/} (details: $BUILD/apply.err): fix the patch, then rerun"
		fi
		state_put partial
	done < <(series_files)
	if [ "$fuzz" -gt 0 ]; then
		note "applied $n patches on $version; $fuzz needed fuzz or an offset: rebase them and run 'make export'"
	else
		note "applied $n patches on $version"
	fi
}

version=$(ksrc_version)
[ -n "$version" ] ||
	die "package $KSRC_PKG is not installed: run 'make deps' (or apt-get install $KSRC_PKG), then rerun"

if [ -d "$KT/.git" ] && git_kt rev-parse -q --verify HEAD >/dev/null; then
	old_version=$(state_get version)
	fuzz=$(state_get fuzz)
	if [ "$old_version" = "$version" ] &&
	   [ "$(state_get series)" = "$(series_hash)" ] &&
	   [ "$(state_get head)" = "$(git_kt rev-parse HEAD)" ] &&
	   [ -z "$(git_kt status --porcelain --untracked-files=no)" ]; then
		note "tree up to date: $version, $(git_kt rev-list --count "$(base_commit)"..HEAD) patches"
		exit 0
	fi
	assert_nothing_unexported
	if [ "$old_version" != "$version" ]; then
		note "Debian kernel source changed: ${old_version:-unknown} -> $version; rebuilding $KT"
		extract
	elif tree_matches_series; then
		# The work tree's commits are exactly the series: keep them.
		state_put
		note "tree matches patches/ ($version)"
		exit 0
	else
		note "series changed; re-applying on $version"
		git_kt reset -q --hard "$(base_commit)"
	fi
elif [ -e "$KT" ]; then
	die "$KT exists but is not a git work tree made by this script: move it away, then rerun"
else
	extract
fi

apply_series
state_put
