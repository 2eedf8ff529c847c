"""A Fixit rule that finds `jax.lax.scan` calls by qualified name.

This is the starting point of any Fixit rule about scan bodies: match the call however `scan`
was imported, through LibCST's `QualifiedNameProvider`. The benchmark times it against scanlint.
"""

import libcst as cst
from fixit import Invalid, LintRule, Valid
from libcst.metadata import QualifiedNameProvider


class LaxScanCall(LintRule):
    """Reports every call to `jax.lax.scan`, however it was imported."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider,)
    MESSAGE = "call to jax.lax.scan"

    VALID = [
        Valid("import jax\njax.lax.map(f, xs)\n"),
        Valid("def scan(f, init, xs):\n    pass\nscan(f, 0, xs)\n"),
    ]
    INVALID = [
        Invalid("import jax\njax.lax.scan(f, 0, xs)\n"),
        Invalid("from jax import lax\nlax.scan(f, 0, xs)\n"),
        Invalid("from jax.lax import scan as s\ns(f, 0, xs)\n"),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        names = self.get_metadata(QualifiedNameProvider, node.func, set())
        if any(name.name == "jax.lax.scan" for name in names):
            self.report(node)
