#!/usr/bin/env bash
# pipeline/bisect-check.sh's answers to bad input, and the prefix it starts
# from on a small git history (no kernel is built here).
set -u
. "$(dirname "$0")/../lib.sh"

B=$PIPELINE/bisect-check.sh
expect_error "unknown option: the usage line" 'usage: bisect-check.sh' "$B" --frobnicate
expect_error "no work tree: says to run make tree" "run 'make tree' first" \
	env KT="$T_TMP/none" BUILD="$T_TMP/build" "$B"

# A history whose commits change no iterator header: nothing to check.
g=$T_TMP/tree
mkdir -p "$g/include/linux" "$g/drivers"
git -C "$g" init -q
git -C "$g" -c user.name=t -c user.email=t@t commit -q --allow-empty -m pristine
echo 'int x;' >"$g/drivers/a.c"
git -C "$g" add -A && git -C "$g" -c user.name=t -c user.email=t@t commit -q -m 'fix: a'
expect_error "no core commit: one-line error" 'no commit of .* touches the iterator headers' \
	env KT="$g" BUILD="$T_TMP/build" "$B"

# With a core commit it starts at the last fix: the first prefix built is
# the fix (kunit.sh is replaced by a stub that records what it was given).
echo '/* walk */' >"$g/include/linux/list.h"
git -C "$g" add -A && git -C "$g" -c user.name=t -c user.email=t@t commit -q -m 'list: core'
stub=$T_TMP/stub
mkdir -p "$stub/pipeline/kunit"
cp "$PIPELINE/bisect-check.sh" "$PIPELINE/lib.sh" "$PIPELINE/series.py" "$stub/pipeline/"
cp "$PIPELINE/kunit/nospec.kunitconfig" "$stub/pipeline/kunit/"
cat >"$stub/pipeline/kunit.sh" <<'STUB'
#!/usr/bin/env bash
echo "$KT $(git -C "$KT" log -1 --format=%s) expect=$KUNIT_EXPECT cfg=$(grep -c . "$2")" >>"$BUILD/calls"
echo "x86_64-bisect            list-kunit-test              39      0       0"
STUB
chmod +x "$stub/pipeline/kunit.sh"
run_cmd env KT="$g" BUILD="$T_TMP/build" "$stub/pipeline/bisect-check.sh"
check_sh "two prefixes built: the last fix, then the core commit" \
	'[ $rc -eq 0 ] && [ "$(grep -c . "$T_TMP/build/bisect/calls")" = 2 ] &&
	 sed -n 1p "$T_TMP/build/bisect/calls" | grep -q "fix: a" &&
	 sed -n 2p "$T_TMP/build/bisect/calls" | grep -q "list: core"'
check_sh "symbols the prefix's Kconfig lacks are left out: option absent" \
	'grep -q "absent" <<<"$out" && ! grep -q "^CONFIG_LIST_NOSPEC" "$T_TMP/build/bisect/bisect.kunitconfig"'
check_sh "the table sums the suites' passed/failed" 'grep -q "39/0" <<<"$out"'

# Once a prefix's Kconfig defines the option, that prefix runs with it on;
# a symbol defined by "menuconfig" (KUNIT, MODULES) is kept like any other.
mkdir -p "$g/security" "$g/lib/kunit"
printf 'config LIST_NOSPEC\n\tbool "x"\n' >"$g/security/Kconfig.hardening"
printf 'menuconfig KUNIT\n\ttristate "KUnit"\n' >"$g/lib/kunit/Kconfig"
git -C "$g" add -A && git -C "$g" -c user.name=t -c user.email=t@t commit -q -m 'list: add the option'
run_cmd env KT="$g" BUILD="$T_TMP/build3" "$stub/pipeline/bisect-check.sh"
check_sh "a prefix with the option: built with CONFIG_LIST_NOSPEC=y" \
	'[ $rc -eq 0 ] && grep -q "^3 .* on .*list: add the option" <<<"$out" &&
	 grep -qx "CONFIG_LIST_NOSPEC=y" "$T_TMP/build3/bisect/p3.kunitconfig"'
check "a menuconfig symbol is kept (CONFIG_KUNIT)" \
	grep -qx "CONFIG_KUNIT=y" "$T_TMP/build3/bisect/p3.kunitconfig"

# A failing prefix fails the run with a one-line error.
sed -i 's/      0       0"$/      1       0"/; s/^echo "x86/exit 1; echo "x86/' "$stub/pipeline/kunit.sh"
expect_error "a failing prefix: non-zero exit, one-line error" 'a prefix of the series fails' \
	env KT="$g" BUILD="$T_TMP/build2" "$stub/pipeline/bisect-check.sh"

finish
