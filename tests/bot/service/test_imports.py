"""The service's parts import each other one way (docs/service.md, "Where the code lives"): no
circle between its modules, counting the imports under ``TYPE_CHECKING`` and inside functions
(a part that needs a method or two of another names a narrow ``Protocol`` instead), none
between its subpackages, and nothing of the leagues, the cogs or Discord."""

from __future__ import annotations

import grimp

SERVICE = "bot.service"


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("bot", "cogs", "hadara", "rendering", "i18n",
                             include_external_packages=True, cache_dir=None)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in edges:
        if v not in index:
            visit(v)
    return out


def test_no_circle_between_the_services_modules() -> None:
    graph = _graph()
    modules = {m for m in graph.modules if m == SERVICE or m.startswith(SERVICE + ".")}
    edges = {m: set(graph.find_modules_directly_imported_by(m)) & modules for m in modules}
    assert _cycles(edges) == []


def test_no_circle_between_the_services_subpackages() -> None:
    """``bot.service.timecontrol`` (the rules, the planner, the heap) is a leaf the write path
    imports: nothing in it imports the parts that write through it."""
    graph = _graph()
    package = f"{SERVICE}.timecontrol"
    inside = {m for m in graph.modules if m.startswith(package + ".")}
    for module in inside:
        imported = graph.find_modules_directly_imported_by(module)
        outside = {m for m in imported if m.startswith(SERVICE + ".")
                   and not m.startswith(package)}
        assert outside <= {f"{SERVICE}.checks", f"{SERVICE}.refusals",
                           f"{SERVICE}.updates"}, module


def test_the_service_imports_no_league_no_cog_no_discord() -> None:
    graph = _graph()
    for module in graph.find_descendants(SERVICE):
        imported = graph.find_modules_directly_imported_by(module)
        assert not {m for m in imported if m.split(".")[0] in ("cogs", "discord")}, module
        assert not {m for m in imported if m.startswith("bot.league")}, module
