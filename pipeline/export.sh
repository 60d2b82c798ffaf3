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

# The patches are signed off by whoever exports them, as git config names
# them in the work tree.  The placeholder, the pristine commit's author,
# signs off nobody; an older 'make tree' wrote it to the tree's config.
placeholder='nospec-list developers <nospec-list@example.org>'
name=$(git -C "$KT" config user.name || true)
email=$(git -C "$KT" config user.email || true)
if [ -z "$name" ] || [ -z "$email" ]; then
	die "set git config user.name and user.email (git config --global, or git -C $KT config for this tree only): the exported patches are signed off by whoever exports them"
fi
if [ "$name <$email>" = "$placeholder" ]; then
	die "$KT's git config names the placeholder $placeholder: set your own there (git -C $KT config user.name 'Your Name'; git -C $KT config user.email you@example.org) or drop it for your global one (git -C $KT config --unset user.name; git -C $KT config --unset user.email): the exported patches are signed off by whoever exports them"
fi
case $name$email in
*'<'*|*'>'*|*$'\n'*) die "git config user.name or user.email of $KT holds '<', '>' or a newline: set them to a plain name and address" ;;
esac

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
# The series as the exporter sends it: each commit of base..HEAD made anew
# with the same tree, date and message, but for the placeholder, which
# gives way to the exporter as author and loses its Signed-off-by lines;
# the exporter's own Signed-off-by ends the trailers unless it is there
# already (so a re-export adds none).  Other authors and their sign-offs
# stay.  git formats the result, so names are encoded as git encodes them
# and a series that went through 'make tree' exports the same again.  The
# new commits go to a scratch object directory, not into $KT.
objects=$(git -C "$KT" rev-parse --path-format=absolute --git-path objects)
mkdir -p "$tmp/objects/info"
printf '%s\n' "$objects" >"$tmp/objects/info/alternates"
export GIT_OBJECT_DIRECTORY=$tmp/objects
tip=$(python3 - "$KT" "$base" "$name" "$email" "$placeholder" <<'PY'
import re, subprocess, sys
kt, base, name, email, placeholder = sys.argv[1:]
placeholder = placeholder.encode()
me = ("%s <%s>" % (name, email)).encode()
sob = b"Signed-off-by: " + me
trailer = re.compile(rb"[A-Za-z0-9][A-Za-z0-9-]*:( |$)")

def git(*args, data=None):
    return subprocess.run(("git", "-C", kt) + args, input=data, check=True,
                          stdout=subprocess.PIPE).stdout

def is_trailers(par):
    """A last paragraph of trailers: Token: value lines, indented
    continuations of them and [bracketed notes]."""
    seen = False
    for l in par:
        if trailer.match(l):
            seen = True
        elif not (l[:1] in (b" ", b"\t") and seen or
                  l.startswith(b"[") and l.rstrip().endswith(b"]")):
            return False
    return seen

def message(msg):
    lines = [l for l in msg.split(b"\n")
             if l.rstrip() != b"Signed-off-by: " + placeholder]
    while lines and not lines[-1].strip():
        lines.pop()
    start = len(lines)
    while start > 0 and lines[start - 1].strip():
        start -= 1
    par = lines[start:]
    # The first paragraph is the subject, never trailers.
    if start > 0 and is_trailers(par):
        if sob not in (l.rstrip() for l in par):
            lines.append(sob)
    else:
        lines += [b"", sob] if lines else [sob]
    return b"\n".join(lines) + b"\n"

new = {}
tip = base
for c in git("rev-list", "--reverse", "--topo-order", base + "..HEAD").split():
    head, _, msg = git("cat-file", "commit", c.decode()).partition(b"\n\n")
    out, skip = [], False
    for l in head.split(b"\n"):
        if l.startswith(b" "):		# continuation of a header
            if not skip:
                out.append(l)
            continue
        key, _, val = l.partition(b" ")
        # A signature of the old commit is no signature of the new one.
        skip = key in (b"gpgsig", b"gpgsig-sha256", b"mergetag")
        if skip:
            continue
        if key == b"parent":
            l = b"parent " + new.get(val, val)
        elif key == b"author":
            who, _, when = val.rpartition(b"> ")
            if who + b">" == placeholder:
                l = b"author " + me + b" " + when
        out.append(l)
    raw = b"\n".join(out) + b"\n\n" + message(msg)
    new[c] = git("hash-object", "-t", "commit", "-w", "--stdin", data=raw).strip()
    tip = new[c].decode()
print(tip)
PY
) || die "could not rewrite the commits of $KT with the exporter's identity: see the message above"
# The cover letter's From: is the committer's identity.
GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
	git -C "$KT" format-patch -q --zero-commit --no-signature --abbrev=9 -k --cover-letter \
	-o "$tmp" "$base..$tip"
unset GIT_OBJECT_DIRECTORY
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
