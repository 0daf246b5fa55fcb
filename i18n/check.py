"""Check the catalogs against English: ``python -m i18n.check [language …]``.

For every language (all but English by default) and every catalog file: each English key
exists, no key is extra, each message uses exactly the English message's variables, and
each message formats (with sample numbers 1 and 2, which reach the plural variants) without
an error. Prints one line per problem and exits 1 when there is any; ``tests/i18n/test_i18n.py``
runs the same checks.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from . import DEFAULT, LOCALES, _bundle, _resources, keys


class _Vars(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def variables(message: ast.Message) -> frozenset[str]:
    """The variables a message uses (in its value and its selectors)."""
    v = _Vars()
    v.visit(message)
    return frozenset(v.names)


def _file_of(locale: str) -> dict[str, str]:
    return {e.id.name: path.name for path, r in _resources(locale) for e in r.body
            if isinstance(e, ast.Message)}


def problems(locale: str) -> Iterator[str]:
    """Every difference of ``locale``'s catalog from English, as a readable line."""
    ref, ref_files = keys(DEFAULT), _file_of(DEFAULT)
    have, files = keys(locale), _file_of(locale)
    for ident in sorted(ref.keys() - have.keys()):
        yield f"{locale}/{ref_files[ident]}: {ident} is missing"
    for ident in sorted(have.keys() - ref.keys()):
        yield f"{locale}/{files[ident]}: {ident} is not in English"
    for ident in sorted(have.keys() & ref.keys()):
        want, got = variables(ref[ident]), variables(have[ident])
        if want != got:
            yield (f"{locale}/{files[ident]}: {ident} uses {sorted(got)}, English uses "
                   f"{sorted(want)}")
        if ref_files[ident] != files[ident]:
            yield f"{locale}/{files[ident]}: {ident} belongs in {ref_files[ident]}"
    yield from format_problems(locale)


def format_problems(locale: str) -> Iterator[str]:
    """Messages that do not format with sample arguments (1 and 2 for every variable)."""
    bundle, msgs, files = _bundle(locale), keys(locale), _file_of(locale)
    for ident, message in sorted(msgs.items()):
        if message.value is None:
            yield f"{locale}/{files[ident]}: {ident} has no value"
            continue
        pattern = bundle.get_message(ident).value
        for n in (1, 2):
            args: dict[str, object] = {name: n for name in variables(message)}
            _text, errors = bundle.format_pattern(pattern, args) if pattern else ("", [])
            if errors:
                yield f"{locale}/{files[ident]}: {ident}: {errors[0]}"
                break


def main(argv: list[str]) -> int:
    langs = argv or [lang for lang in LOCALES if lang != DEFAULT]
    found = [p for lang in [DEFAULT, *langs] for p in
             (format_problems(lang) if lang == DEFAULT else problems(lang))]
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in {', '.join(langs)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
