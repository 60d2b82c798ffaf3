#!/usr/bin/env bash
# pipeline/export.sh on a small git repository as the kernel tree: the
# series is signed off by the exporter that the tree's git config names,
# not by the placeholder that 'make tree' sets; other authors and their
# sign-offs stay; a re-export, also through git am, changes no file.
# The commit messages are tests/pipeline/export/N-*.msg, and each patch up
# to its '---' line is expected to read as N-*.expect.
set -u
. "$(dirname "$0")/../lib.sh"

FIX=$TOP/tests/pipeline/export
E=$PIPELINE/export.sh
export KT=$T_TMP/linux PATCHES=$T_TMP/patches BUILD=$T_TMP/build
# Only the tree's own git config names anyone, not this machine's or user's.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$T_TMP/gitconfig
: >"$GIT_CONFIG_GLOBAL"
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL \
	GIT_CONFIG_COUNT GIT_CONFIG_PARAMETERS
export GIT_AUTHOR_DATE='@1767323045 +0000' GIT_COMMITTER_DATE='@1767323045 +0000'
ph='nospec-list developers <nospec-list@example.org>'
ann='Ann Exporter <ann@example.com>'

# The tree: a pristine root commit, then one commit per message, by
# the placeholder but for the third (another author) and the fourth (the
# exporter, who signed it off when committing).
git -C "$T_TMP" init -q linux
seq 1 20 | sed 's/^/int line/; s/$/;/' >"$KT/a.c"
git -C "$KT" add a.c
git -C "$KT" -c user.name=t -c user.email=t@example.org commit -q -m 'Debian linux-source-6.12 6.12.1-1 (pristine)'
base=$(git -C "$KT" rev-parse HEAD)
for m in "$FIX"/*.msg; do
	n=${m##*/}
	n=${n%%-*}
	case $n in 3) who='Zoë Other <zoe@example.net>' ;; 4) who=$ann ;; *) who=$ph ;; esac
	sed -i "s/^int line$n;/int line$n = $n;/" "$KT/a.c"
	git -C "$KT" -c user.name=t -c user.email=t@example.org \
		commit -q -a --cleanup=verbatim --author="$who" -F "$m"
done
head=$(git -C "$KT" rev-parse HEAD)
objects=$(git -C "$KT" count-objects -v | sed -n 's/^count: //p')

mkdir -p "$PATCHES"
printf 'lib: six changes\n\nWhy the six changes.\n' >"$PATCHES/cover-letter.txt"
echo 'an old patch' >"$PATCHES/0001-old.patch"
echo 0001-old.patch >"$PATCHES/series"
cp -r "$PATCHES" "$T_TMP/patches.old"

# (a) No identity, half of one, or the placeholder: refused, nothing written.
one_line() { [ "$rc" -ne 0 ] && [ "$(grep -c . <<<"$err")" -eq 1 ]; }
expect_error "no user.name/user.email: refuses, says to set them" \
	'set git config user.name and user.email .*signed off by whoever exports them' "$E"
check "no user.name/user.email: the error is one line" one_line
git -C "$KT" config user.name 'Ann Exporter'
expect_error "user.name without user.email: refuses" \
	'set git config user.name and user.email' "$E" --to "$T_TMP/to"
check "user.name without user.email: the error is one line" one_line
git -C "$KT" config user.name 'nospec-list developers'
git -C "$KT" config user.email nospec-list@example.org
expect_error "the placeholder an older 'make tree' set: refuses, says to set one's own" \
	"names the placeholder .*git -C $KT config user.name" "$E"
check "the placeholder: the error is one line" one_line
check "refused exports leave patches/ as it was" diff -r "$T_TMP/patches.old" "$PATCHES"
check "refused exports create no --to directory" [ ! -e "$T_TMP/to" ]

# (b, c) The exporter's identity in place of the placeholder's.
git -C "$KT" config user.name 'Ann Exporter'
git -C "$KT" config user.email ann@example.com
run_cmd "$E"
check "export with an identity: exit 0" [ "$rc" -eq 0 ]
check_sh "export: six patches in series, the old one gone" \
	'[ "$(grep -c . "$PATCHES/series")" -eq 6 ] && [ ! -e "$PATCHES/0001-old.patch" ]'
for x in "$FIX"/*.expect; do
	n=${x##*/}
	n=${n%%-*}
	p=$PATCHES/$(sed -n "${n}p" "$PATCHES/series")
	check "export: ${x##*/}: From:, trailers and sign-off as expected" \
		diff -u "$x" <(sed '/^---$/q' "$p")
done
check_sh "export: the placeholder is nowhere in the files" \
	'! grep -rqE "nospec-list developers|nospec-list@example\.org" "$PATCHES"'
check_sh "export: the cover letter is from the exporter, its shortlog names no placeholder" \
	'grep -qx "From: $ann" "$PATCHES/0000-cover-letter.patch" &&
	 grep -qx "Ann Exporter (5):" "$PATCHES/0000-cover-letter.patch" &&
	 grep -qx "Zoë Other (1):" "$PATCHES/0000-cover-letter.patch" &&
	 ! grep -q "Signed-off-by" "$PATCHES/0000-cover-letter.patch"'
check_sh "export: the tree is left as it was (HEAD, no new objects)" \
	'[ "$(git -C "$KT" rev-parse HEAD)" = "$head" ] &&
	 [ "$(git -C "$KT" count-objects -v | sed -n "s/^count: //p")" = "$objects" ]'

# (d) Stable: again, and from a tree that git am made of the export (what
# 'make tree' does), the same bytes, with one sign-off of the exporter each.
cp -r "$PATCHES" "$T_TMP/patches.1"
run_cmd "$E"
check "export twice: byte-identical files" diff -r "$T_TMP/patches.1" "$PATCHES"
git clone -q "$KT" "$T_TMP/linux2"
git -C "$T_TMP/linux2" reset -q --hard "$base"
git -C "$T_TMP/linux2" config user.name 'Ann Exporter'
git -C "$T_TMP/linux2" config user.email ann@example.com
sed "s|^|$PATCHES/|" "$PATCHES/series" | xargs git -C "$T_TMP/linux2" am -q --keep-cr
run_cmd env KT="$T_TMP/linux2" "$E" --to "$T_TMP/again"
check "export of the tree git am made of it: byte-identical files" \
	diff -r -x cover-letter.txt "$T_TMP/again" "$PATCHES"
check_sh "export of the tree git am made of it: one sign-off of the exporter per patch" \
	'[ "$(grep -lx "Signed-off-by: $ann" "$T_TMP/again"/000[1-6]-*.patch | wc -l)" -eq 6 ] &&
	 [ "$(grep -hx "Signed-off-by: $ann" "$T_TMP/again"/*.patch | wc -l)" -eq 6 ]'

finish
