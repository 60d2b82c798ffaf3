#!/usr/bin/env bash
# pipeline/checkpatch.sh against a stand-in checkpatch.pl: what counts as
# clean (nothing, or only the documented iterator-macro exceptions) and what
# fails a patch.
set -u
. "$(dirname "$0")/../lib.sh"

export BUILD=$T_TMP/build KT=$T_TMP/linux PATCHES=$T_TMP/patches
mkdir -p "$KT/scripts" "$PATCHES"
echo 0001-a.patch >"$PATCHES/series"
echo 'fake patch' >"$PATCHES/0001-a.patch"

# The stand-in prints whatever $FAKE_OUT holds.
cat >"$KT/scripts/checkpatch.pl" <<'PL'
print $ENV{FAKE_OUT};
PL
chmod +x "$KT/scripts/checkpatch.pl"
# The stand-in get_maintainer.pl prints the sections in $FAKE_SECTIONS.
cat >"$KT/scripts/get_maintainer.pl" <<'PL'
print "$_\nM:\tSomeone <s\@example.org>\nF:\t*\n" for split /,/, $ENV{FAKE_SECTIONS};
PL

verdict() {	# verdict OUTPUT: run checkpatch.sh, echo PASS or FAIL from results
	rm -f "$T_TMP/res"
	FAKE_OUT=$1 "$PIPELINE/checkpatch.sh" --results "$T_TMP/res" >/dev/null 2>&1
	cut -d' ' -f1 "$T_TMP/res"
}

check "clean patch passes" [ "$(verdict $'total: 0 errors, 0 warnings, 0 checks, 9 lines checked\n')" = PASS ]
check "member-name precedence CHECK is the one exception" \
	[ "$(verdict $'CHECK: Macro argument \'member\' may be better as \'(member)\' to avoid precedence issues\ntotal: 0 errors, 0 warnings, 1 checks, 9 lines checked\n')" = PASS ]
check "precedence CHECK on another argument fails" \
	[ "$(verdict $'CHECK: Macro argument \'pos\' may be better as \'(pos)\' to avoid precedence issues\ntotal: 0 errors, 0 warnings, 1 checks, 9 lines checked\n')" = FAIL ]
check "a WARNING fails" \
	[ "$(verdict $'WARNING: Missing Signed-off-by: line(s)\ntotal: 0 errors, 1 warnings, 0 checks, 9 lines checked\n')" = FAIL ]
check "an ERROR fails" \
	[ "$(verdict $'ERROR: trailing whitespace\ntotal: 1 errors, 0 warnings, 0 checks, 9 lines checked\n')" = FAIL ]
check "checkpatch that never finishes its report fails" [ "$(verdict 'garbage')" = FAIL ]
mp=$'WARNING: added, moved or deleted file(s), does MAINTAINERS need updating?\ntotal: 0 errors, 1 warnings, 0 checks, 9 lines checked\n'
printf 'diff --git a/scripts/x.cocci b/scripts/x.cocci\nnew file mode 100644\n' \
	>"$PATCHES/0001-a.patch"
check "MAINTAINERS warning passes when an entry covers the new file" \
	[ "$(FAKE_SECTIONS='COCCINELLE,THE REST' verdict "$mp")" = PASS ]
check "MAINTAINERS warning fails when only THE REST covers it" \
	[ "$(FAKE_SECTIONS='THE REST' verdict "$mp")" = FAIL ]
echo 'fake patch' >"$PATCHES/0001-a.patch"
check "MAINTAINERS warning fails for a patch that adds no file" \
	[ "$(FAKE_SECTIONS='COCCINELLE' verdict "$mp")" = FAIL ]
cc=$'CHECK: Avoid CamelCase: <pRet>\ntotal: 0 errors, 0 warnings, 1 checks, 9 lines checked\n'
printf -- '-\tif (&pRet->list != head)\n+\t\t\treturn pRet;\n' >"$PATCHES/0001-a.patch"
check "CamelCase passes for a name a removed line already uses" [ "$(verdict "$cc")" = PASS ]
printf -- '-\tif (&ret->list != head)\n+\t\t\treturn pRet;\n' >"$PATCHES/0001-a.patch"
check "CamelCase fails for a name the patch introduces" [ "$(verdict "$cc")" = FAIL ]
printf -- '-\tif (&pRetX->list != head)\n+\t\t\treturn pRet;\n' >"$PATCHES/0001-a.patch"
check "CamelCase: a longer name that contains it does not count" [ "$(verdict "$cc")" = FAIL ]
uc=$'WARNING: Unknown commit id \'7282f7645d06\', maybe rebased or not pulled?\ntotal: 0 errors, 1 warnings, 0 checks, 9 lines checked\n'
printf 'Fixes: 7282f7645d06 ("drm/panfrost: Implement per FD address spaces")\n' >"$PATCHES/0001-a.patch"
check "an unknown commit of a Fixes: tag passes where the tree has no upstream history" \
	[ "$(verdict "$uc")" = PASS ]
printf 'As 7282f7645d06 did, ...\n' >"$PATCHES/0001-a.patch"
check "an unknown commit id outside a Fixes: tag fails" [ "$(verdict "$uc")" = FAIL ]
echo 'fake patch' >"$PATCHES/0001-a.patch"
expect_error "no kernel tree" "run 'make tree' first" env KT="$T_TMP/none" "$PIPELINE/checkpatch.sh"

finish
