#!/usr/bin/env bash
# Build and boot every KUnit run of the project, then print one verdict
# table and the Debian kernel version tested.  The runs are the kunit= lines
# of pipeline/targets/* (today x86_64 with CONFIG_LIST_NOSPEC on and off,
# x86_64 built with clang, arm64), or KUNIT_RUNS="TARGET:NAME ...".  After
# each build, check with pipeline/branchless.sh that the iterators hand their
# body a conditionally moved value (with the option on) and that the check
# does catch the plain iterators (with it off).  Non-zero exit if anything
# failed.
#   kunit-all.sh [--results FILE]
set -uo pipefail
. "$(dirname "$0")/lib.sh"

if [ -z "${KUNIT_RUNS:-}" ]; then
	for t in $(target_names); do
		target_load "$t"
		for n in $T_kunit; do KUNIT_RUNS+=" $t:$n"; done
	done
fi

tables=$(mktemp)

codegen=$(mktemp)
trap 'rm -f "$tables" "$codegen"' EXIT
failed=()
for r in $KUNIT_RUNS; do
	target=${r%%:*} name=${r#*:}
	run=${target//\//-}-$name
	if ! "$NOSPEC_TOP/pipeline/kunit.sh" "$target" "$name" "$@" >>"$tables"; then
		failed+=("$run")
		continue
	fi
	expect=()
	[ "$name" = nospec-off ] && expect=(--expect-fail)
	if ! "$NOSPEC_TOP/pipeline/branchless.sh" "$target" "$BUILD/kunit/$run" "$run" \
		"${expect[@]}" "$@" >>"$codegen"; then
		failed+=("$run(branchless)")
	fi
done

echo
echo "KUnit verdict ($(ksrc_version), $(git -C "$KT" rev-list --count HEAD~0 --not \
	"$(base_commit_of "$KT")") patches applied)"
awk 'NR == 1 || !/^run /' "$tables"
echo
echo "Branch-free check of the value handed to the loop body (pipeline/codegen):"
awk '{ split($2, a, ":"); n[a[1]]++; if ($1 != "ok") bad[a[1]]++ }
     END { for (r in n) printf "  %-26s %2d walks, %d unexpected%s\n", r, n[r], bad[r] + 0,
	   r ~ /nospec-off/ ? " (negative control: plain iterators must fail)" : "" }' "$codegen" | sort
grep '^FAIL' "$codegen" >&2 || true
if [ ${#failed[@]} -gt 0 ]; then
	echo "FAILED: ${failed[*]}" >&2
	exit 1
fi
echo "all KUnit runs passed"
