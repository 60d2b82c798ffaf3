#!/usr/bin/env bash
# Build and boot every KUnit configuration of the project (x86_64, with
# CONFIG_LIST_NOSPEC on and off), then print one verdict table and the
# Debian kernel version tested.  Non-zero exit if any run failed.
#   kunit-all.sh [--results FILE]
set -uo pipefail
. "$(dirname "$0")/lib.sh"

: "${KUNIT_RUNS:=x86_64:nospec-on x86_64:nospec-off}"

tables=$(mktemp)
trap 'rm -f "$tables"' EXIT
failed=()
for r in $KUNIT_RUNS; do
	if ! "$NOSPEC_TOP/scripts/kunit.sh" "${r%%:*}" "${r#*:}" "$@" >>"$tables"; then
		failed+=("${r%%:*}-${r#*:}")
	fi
done

echo
echo "KUnit verdict ($(ksrc_version), $(git -C "$KT" rev-list --count HEAD~0 --not \
	"$(git -C "$KT" rev-list --max-parents=0 HEAD | tail -n1)") patches applied)"
awk 'NR == 1 || !/^run /' "$tables"
if [ ${#failed[@]} -gt 0 ]; then
	echo "FAILED: ${failed[*]}" >&2
	exit 1
fi
echo "all KUnit runs passed"
