"""Every public item has an example that runs (issue 13).

rustdoc's lint `missing_doc_code_examples` does not look at items of private modules that
are re-exported (`gipf::Position` is defined in the private `gipf::position`), so this walks
the public API as rustdoc's JSON output gives it, from the crate root through modules,
re-exports, inherent impls and traits, and lists every public function, method, struct,
enum, trait and union whose documentation has no code block. Constants, statics, type
aliases, fields and variants need none, as in rustdoc's own count. Run after
`cargo +nightly rustdoc -p gamenote --all-features -- -Z unstable-options --output-format json`.
"""
import json
import sys

doc = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "target/doc/gamenote.json"))
index = doc["index"]
seen, missing = set(), []
NEEDS = ("function", "struct", "enum", "trait", "union")


def visit(i, path):
    if i is None or i in seen:
        return
    seen.add(i)
    item = index.get(str(i))
    if item is None or item.get("crate_id", 0) != 0:
        return
    kind, inner = next(iter(item["inner"].items()))
    name = item.get("name") or ""
    if kind in NEEDS and item.get("visibility") == "public" and "```" not in (item.get("docs") or ""):
        span = item.get("span") or {}
        line = (span.get("begin") or [0])[0]
        missing.append(f"{span.get('filename')}:{line}: {kind} {path}{name}")
    if kind == "module":
        for c in inner.get("items", []):
            visit(c, path + name + "::")
    elif kind == "use":
        visit(inner.get("id"), path)
    elif kind in ("struct", "enum", "union"):
        for imp in inner.get("impls", []):
            im = index.get(str(imp))
            if not im:
                continue
            body = im["inner"].get("impl", {})
            if body.get("trait") is None and not body.get("is_synthetic") and not body.get("blanket_impl"):
                for c in body.get("items", []):
                    visit(c, path + name + "::")
    elif kind == "trait":
        for c in inner.get("items", []):
            visit(c, path + name + "::")


visit(doc["root"], "")
if len(seen) < 100:
    sys.exit(f"only {len(seen)} items reached: has rustdoc's JSON format changed?")
for m in sorted(missing):
    print(m)
print(f"{len(missing)} public items have no example ({len(seen)} items walked)")
sys.exit(1 if missing else 0)
