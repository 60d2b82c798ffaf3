#!/usr/bin/env bash
# scripts/tree.sh and scripts/export.sh on a tiny fake "kernel" tarball:
# extraction, git am of the series, incremental runs, version changes,
# patches that do not apply, fuzz, and never losing unexported commits.
set -u
. "$(dirname "$0")/../lib.sh"

export BUILD=$T_TMP/build KT=$T_TMP/build/linux PATCHES=$T_TMP/patches
export KSRC_TARBALL=$T_TMP/linux-source-6.12.tar.xz KSRC_VERSION=6.12.1-1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
# The developer's git identity, which export.sh signs the patches off with.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$T_TMP/gitconfig
printf '[user]\n\tname = t\n\temail = t@example.org\n' >"$GIT_CONFIG_GLOBAL"

# A fake source package: include/linux/list.h and one C file.
mk_tarball() {
	local src=$T_TMP/src/linux-source-6.12
	rm -rf "$T_TMP/src"
	mkdir -p "$src/include/linux" "$src/lib"
	printf '#ifndef _LIST_H\n#define _LIST_H\n/* list */\n#endif\n' >"$src/include/linux/list.h"
	seq 1 40 | sed 's/^/int line/; s/$/;/' >"$src/lib/a.c"
	[ -n "${1:-}" ] && printf '%s\n' "$1" >>"$src/lib/a.c"
	tar -C "$T_TMP/src" -cJf "$KSRC_TARBALL" linux-source-6.12
}

# A series of two patches made against the fake source.
mk_series() {
	local r=$T_TMP/mk
	rm -rf "$r" "$PATCHES"
	mkdir -p "$r" "$PATCHES"
	tar -C "$r" -xJf "$KSRC_TARBALL"
	r=$r/linux-source-6.12
	git -C "$r" init -q && git -C "$r" add -A && git -C "$r" commit -qm base
	sed -i 's/int line10;/int line10 = 10;/' "$r/lib/a.c"
	git -C "$r" commit -qam "lib: first change"
	echo '/* second */' >>"$r/include/linux/list.h"
	git -C "$r" commit -qam "list: second change"
	git -C "$r" format-patch -q -o "$PATCHES" HEAD~2..HEAD
	(cd "$PATCHES" && ls *.patch) >"$PATCHES/series"
	printf 'lib: two changes\n\nWhy the two changes.\n' >"$PATCHES/cover-letter.txt"
}

mk_tarball
mk_series

run_cmd "$PIPELINE/tree.sh"
check "fresh tree: exit 0" [ "$rc" -eq 0 ]
check "root commit names the Debian version" \
	grep -q '6.12.1-1' <(git -C "$KT" log --format=%B "$(git -C "$KT" rev-list --max-parents=0 HEAD)")
check "fresh tree: both patches applied" \
	[ "$(git -C "$KT" log --format=%s HEAD~2..HEAD | tr '\n' '|')" = "list: second change|lib: first change|" ]
head1=$(git -C "$KT" rev-parse HEAD)
check "fresh tree: its git config names no one (the developer's identity counts)" \
	eval '! git -C "$KT" config --local --get-regexp "^user\."'

# git am needs a committer: where git knows no one, the placeholder.
printf '[user]\n\tuseConfigOnly = true\n' >"$T_TMP/noident"
run_cmd env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL \
	GIT_CONFIG_GLOBAL="$T_TMP/noident" KT="$T_TMP/noident-linux" "$PIPELINE/tree.sh"
check_sh "no git identity anywhere: tree made, the series applied" \
	'[ "$rc" -eq 0 ] && [ "$(git -C "$T_TMP/noident-linux" rev-list --count HEAD)" -eq 3 ]'

run_cmd "$PIPELINE/tree.sh"
check_sh "unchanged: not re-extracted or re-patched" \
	'[ "$rc" -eq 0 ] && grep -q "up to date" <<<"$err" && [ "$(git -C "$KT" rev-parse HEAD)" = "$head1" ]'

# export round trip: unchanged series re-exports byte for byte.
run_cmd "$PIPELINE/export.sh"
check_sh "export: signed off by the developer" \
	'[ "$rc" -eq 0 ] && grep -qx "Signed-off-by: t <t@example.org>" "$PATCHES/0001-lib-first-change.patch"'
cp -r "$PATCHES" "$T_TMP/patches.before"
run_cmd "$PIPELINE/tree.sh"
check_sh "exported series is recognised as the tree's" \
	'[ "$rc" -eq 0 ] && [ "$(git -C "$KT" rev-parse HEAD)" = "$head1" ]'
run_cmd "$PIPELINE/export.sh"
check "export of an unchanged tree rewrites the same files" \
	diff -r "$T_TMP/patches.before" "$PATCHES"
check_sh "export: a cover letter from cover-letter.txt, not in series" \
	'grep -qx "Subject: lib: two changes" "$PATCHES/0000-cover-letter.patch" &&
	 grep -qx "Why the two changes." "$PATCHES/0000-cover-letter.patch" &&
	 grep -q "lib: first change" "$PATCHES/0000-cover-letter.patch" &&
	 ! grep -q 0000 "$PATCHES/series"'

# A new commit in the work tree, not exported: a series change must not drop it.
echo 'int extra;' >>"$KT/lib/a.c"
git -C "$KT" commit -qam "lib: unexported work"
echo '# touched' >>"$PATCHES/series"
expect_error "series changed with unexported commit: refuses" "make export" "$PIPELINE/tree.sh"
check "unexported commit still there" \
	[ "$(git -C "$KT" log -1 --format=%s)" = "lib: unexported work" ]

# After export the tree matches the series: kept, not re-applied.
run_cmd "$PIPELINE/export.sh"
check "export writes three patches and a series" [ "$(grep -c . "$PATCHES/series")" -eq 3 ]
head2=$(git -C "$KT" rev-parse HEAD)
run_cmd "$PIPELINE/tree.sh"
check_sh "exported tree is kept as it is" \
	'[ "$rc" -eq 0 ] && [ "$(git -C "$KT" rev-parse HEAD)" = "$head2" ]'

mv "$PATCHES/cover-letter.txt" "$T_TMP/cover.txt"
expect_error "export without cover-letter.txt: one-line error" "cover-letter.txt is missing" "$PIPELINE/export.sh"
mv "$T_TMP/cover.txt" "$PATCHES/cover-letter.txt"

# Uncommitted edits block a rebuild as well.
echo 'int dirty;' >>"$KT/lib/a.c"
export KSRC_VERSION=6.12.2-1
expect_error "uncommitted edits: refuses" "uncommitted changes" "$PIPELINE/tree.sh"
check "uncommitted edit still there" grep -q 'int dirty;' "$KT/lib/a.c"
git -C "$KT" checkout -q -- lib/a.c

# A new, untracked file (hidden by Debian's top-level .gitignore) is work too.
echo 'int new_file;' >"$KT/lib/new.c"
expect_error "untracked new file: export refuses" "git does not track" "$PIPELINE/export.sh"
expect_error "untracked new file: rebuild refuses" "git does not track" "$PIPELINE/tree.sh"
check "untracked new file still there" [ -f "$KT/lib/new.c" ]
rm -f "$KT/lib/new.c"

# A new Debian version: rebuilt from the new tarball, version printed.
mk_tarball
run_cmd "$PIPELINE/tree.sh"
check_sh "new Debian version: tree rebuilt and version printed" \
	'[ "$rc" -eq 0 ] && grep -q "6.12.1-1 -> 6.12.2-1" <<<"$err"'
check "new Debian version: root commit names it" \
	grep -q '6.12.2-1' <(git -C "$KT" log --format=%s "$(git -C "$KT" rev-list --max-parents=0 HEAD)")
check "new Debian version: series re-applied" [ "$(git -C "$KT" rev-list --count HEAD)" -eq 4 ]

# Offset: the source moved under the patches -> applied, but reported.
export KSRC_VERSION=6.12.3-1
sed -i '1i int moved1;\nint moved2;' "$T_TMP/src/linux-source-6.12/lib/a.c"
tar -C "$T_TMP/src" -cJf "$KSRC_TARBALL" linux-source-6.12
run_cmd "$PIPELINE/tree.sh"
check "offset: still applies" [ "$rc" -eq 0 ]
check "offset: reported with patch and file" grep -q '^fuzz: 0001-lib-first-change.patch: lib/a.c' <<<"$err"
check "offset: recorded for make check" grep -q '^fuzz=[1-9]' "$KT/.git/nospec-state"

# A patch that no longer applies: named with its file, nothing lost.
export KSRC_VERSION=6.12.4-1
sed -i 's/int line10;/int line10_renamed;/' "$T_TMP/src/linux-source-6.12/lib/a.c"
tar -C "$T_TMP/src" -cJf "$KSRC_TARBALL" linux-source-6.12
expect_error "patch does not apply: names patch and file" \
	'0001-lib-first-change.patch does not apply at lib/a.c' "$PIPELINE/tree.sh"
check "failed apply leaves no git am in progress" [ ! -d "$KT/.git/rebase-apply" ]

# Broken inputs.
printf 'not an xz file' >"$KSRC_TARBALL"
export KSRC_VERSION=6.12.5-1
expect_error "corrupt tarball" "reinstall" "$PIPELINE/tree.sh"
check "corrupt tarball: old tree kept" [ -d "$KT/.git" ]
rm -f "$KSRC_TARBALL"
expect_error "missing tarball" "is missing" "$PIPELINE/tree.sh"
expect_error "package not installed" "not installed" \
	env KSRC_VERSION= KSRC_PKG=nospec-no-such-package "$PIPELINE/tree.sh"
mkdir -p "$T_TMP/other/linux"
expect_error "foreign directory in the way" "not a git work tree" \
	env KT="$T_TMP/other/linux" "$PIPELINE/tree.sh"
mk_tarball
echo 9999-missing.patch >>"$PATCHES/series"
expect_error "series names a missing patch" "9999-missing.patch, which does not exist" "$PIPELINE/tree.sh"


finish
