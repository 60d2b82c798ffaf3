#!/usr/bin/env bash
# measure/cpp/cpp-size.sh: bad input ends in a one-line error that says
# what to do.  (Its measurement builds kernel trees: a benchmark, run by
# 'make cpp-size', not here.)
set -u
. "$(dirname "$0")/../lib.sh"

C=$MEASURE/cpp/cpp-size.sh
expect_error "no variant named" "name at least one variant" "$C"
expect_error "a malformed variant" "variant 'series' is not NAME=REV\[:on\|:off\]" "$C" series
expect_error "a bad option setting" "is not NAME=REV" "$C" series=HEAD:maybe
expect_error "an unknown option" "unknown option '--fast'" "$C" --fast a=HEAD
expect_error "no kernel tree" "no kernel tree at $T_TMP/none; run 'make tree'" \
	env KT="$T_TMP/none" "$C" a=HEAD
kt=${KT:-$TOP/build/linux}
if git -C "$kt" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	# BUILD moves the default KT with it: name the tree.
	expect_error "an unknown commit" "'no-such-rev' is not a commit of" \
		env KT="$kt" BUILD="$T_TMP/b" "$C" a=no-such-rev
else
	skip "an unknown commit" "no kernel tree at ${KT:-$TOP/build/linux}; run 'make tree'"
fi
finish
