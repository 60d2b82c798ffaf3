#!/usr/bin/env bash
# pipeline/recipients.sh with a stand-in get_maintainer.pl: one block per
# patch (maintainers To:, lists Cc:), the cover letter To: the core
# patches' maintainers and Cc: every list; bad input.
set -u
. "$(dirname "$0")/../lib.sh"

export KT=$T_TMP/linux PATCHES=$T_TMP/patches
mkdir -p "$KT/scripts" "$PATCHES"
# Stand-in: the maintainer is named after the patch file, the list is fixed.
cat >"$KT/scripts/get_maintainer.pl" <<'PL'
my $p = $ARGV[-1]; $p =~ s#.*/##; $p =~ s#\.patch$##;
if (grep { $_ eq '--m' } @ARGV) { print "M $p <$p\@example.org>\n" unless $p =~ /orphan/; }
else { print "list-$p\@example.org\n"; }
PL
for s in "0000-orphan-fix" "0001-drv-fix" "0002-list-core"; do
	printf 'Subject: %s\n\n---\n a | 1 +\n' "$s" >"$PATCHES/$s.patch"
	echo "$s.patch" >>"$PATCHES/series"
done
# series.py core: the core starts at the first patch touching list.h.
printf -- "--- a/include/linux/list.h\n+++ b/include/linux/list.h\n" >>"$PATCHES/0002-list-core.patch"

run_cmd "$PIPELINE/recipients.sh" --to "$T_TMP/r"
check "exit 0" [ "$rc" -eq 0 ]
check_sh "a fix patch goes to its own maintainer and list" \
	'grep -A2 -x "# 0001-drv-fix.patch" "$T_TMP/r" | grep -qx "To: M 0001-drv-fix <0001-drv-fix@example.org>" &&
	 grep -A2 -x "# 0001-drv-fix.patch" "$T_TMP/r" | grep -qx "Cc: list-0001-drv-fix@example.org"'
check_sh "the cover letter: To the core maintainers only, Cc every list" \
	'grep -A2 -x "# 0000-cover-letter.patch" "$T_TMP/r" | grep -qx "To: M 0002-list-core <0002-list-core@example.org>" &&
	 grep -A2 -x "# 0000-cover-letter.patch" "$T_TMP/r" | grep -qx "Cc: list-0000-orphan-fix@example.org, list-0001-drv-fix@example.org, list-0002-list-core@example.org"'
check_sh "a patch nobody maintains goes To its list, not Cc it again" \
	'grep -A1 -x "# 0000-orphan-fix.patch" "$T_TMP/r" | grep -qx "To: list-0000-orphan-fix@example.org" &&
	 ! grep -A2 -x "# 0000-orphan-fix.patch" "$T_TMP/r" | grep -q "^Cc:"'
KT=$T_TMP/none expect_error "no tree: one-line error" "no kernel tree at .*make tree" "$PIPELINE/recipients.sh" --to "$T_TMP/r2"
expect_error "an unknown argument: usage" "usage: recipients.sh" "$PIPELINE/recipients.sh" --bogus
finish
