#!/usr/bin/env bash
# Write the work tree's commits (everything above the pristine Debian commit)
# back to patches/ as git format-patch files plus patches/series.
#   export.sh [--to DIR]     write to DIR instead of patches/
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dest=$PATCHES
if [ "${1:-}" = "--to" ]; then
	[ -n "${2:-}" ] || die "usage: export.sh [--to DIR]"
	dest=$2
elif [ $# -gt 0 ]; then
	die "usage: export.sh [--to DIR]"
fi

[ -e "$KT/.git" ] || die "no work tree at $KT: run 'make tree' first"
if [ -n "$(git -C "$KT" status --porcelain --untracked-files=no)" ]; then
	die "$KT has uncommitted changes: commit them (git -C $KT commit), then rerun 'make export'"
fi
# Debian's .gitignore ignores everything at the top level, so a new file is
# invisible to 'git status' until added with 'git add -f'.
new=$(untracked_work "$KT" | head -n3 | tr '\n' ' ')
if [ -n "$new" ]; then
	die "$KT has files git does not track (${new% }): 'git -C $KT add -f' and commit them (or delete them), then rerun 'make export'"
fi
base=$(base_commit_of "$KT")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Stable output: no commit ids, no git version, blob ids in the index lines
# abbreviated to a fixed 9 digits (git's default grows with the number of
# objects in the repository), so re-exporting an unchanged series changes
# no file, on any machine.  The subject is kept as it is (-k, no "[PATCH
# n/m]", which 'git format-patch --cover-letter -n' adds when mailing): with
# three-digit numbering most kernel-style subjects would fold onto a second
# header line; without it, one of up to 69 characters stays on one line.
# The cover letter (0000, not in series: git am skips it) takes its subject
# and text from patches/cover-letter.txt (first line, then the body) and
# its date from the last commit, so that it is as stable as the patches.
cover=$PATCHES/cover-letter.txt
[ -s "$cover" ] || die "$cover is missing or empty: restore it from git (its first line is the cover letter's subject)"
git -C "$KT" format-patch -q --zero-commit --no-signature --abbrev=9 -k --cover-letter \
	-o "$tmp" "$base"..HEAD
python3 - "$tmp/0000-cover-letter.patch" "$cover" "$(git -C "$KT" log -1 --format=%aD)" <<'PY' ||
import sys
path, src, date = sys.argv[1:]
subject, _, body = open(src, encoding="utf-8").read().partition("\n")
text = open(path, encoding="utf-8").read()
for old, new in (("*** SUBJECT HERE ***", subject.strip()),
                 ("*** BLURB HERE ***", body.strip("\n"))):
    if old not in text:
        sys.exit("no %r in the generated cover letter" % old)
    text = text.replace(old, new, 1)
lines = text.split("\n")
lines = [("Date: " + date) if l.startswith("Date: ") and i < 5 else l
         for i, l in enumerate(lines)]
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
	die "could not fill in the cover letter from $cover: see the message above"
(cd "$tmp" && ls -1 -- *.patch 2>/dev/null | grep -v '^0000-cover-letter\.patch$' || true) >"$tmp/series"

mkdir -p "$dest"
rm -f "$dest"/*.patch
cp "$tmp"/*.patch "$dest"/ 2>/dev/null || true
cp "$tmp/series" "$dest/series"
n=$(grep -c . "$dest/series" || true)
note "exported $n patches and the cover letter to $dest"
