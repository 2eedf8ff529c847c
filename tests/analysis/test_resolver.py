"""The shared resolver's answers about names, on small modules written as real code is."""

from __future__ import annotations

import textwrap

import libcst as cst

from scanlint.analysis.resolver import ScanIndex


def _index(source: str) -> ScanIndex:
    return ScanIndex(cst.parse_module(textwrap.dedent(source)))


def _function_scope(index: ScanIndex, name: str):
    for node, scope in index.scope_of.items():
        if isinstance(node, cst.FunctionDef) and node.name.value == name:
            return scope
    raise AssertionError(f"no function {name}")


def _lines(index: ScanIndex, nodes) -> list[int]:
    wrapper = cst.metadata.MetadataWrapper(index.module, unsafe_skip_copy=True)
    positions = wrapper.resolve(cst.metadata.PositionProvider)
    return sorted(positions[node].start.line for node in nodes)


def test_reads_of_skips_every_store_of_the_name():
    index = _index(
        """
        def step(carry, x):
            key = carry                    # 3: store
            key, other = split(key)        # 4: store, then a read
            for key in keys(key):          # 5: store, then a read
                use(key)                   # 6: read
            total = [k for k in key]       # 7: a read
            with open(key) as key:         # 8: a read, then a store
                pass
            if (key := fold(key)):         # 10: store, then a read
                key += 1                   # 11: read and store
            return key                     # 12: read
        """
    )
    scope = _function_scope(index, "step")
    assert _lines(index, index.reads_of("key", scope)) == [4, 5, 6, 7, 8, 10, 11, 12]


def test_reads_of_keeps_names_read_inside_attribute_and_subscript_targets():
    index = _index(
        """
        def update(cache, i, value):
            cache[i] = value
            cache.last = value
            (cache.first, i) = (value, 0)
        """
    )
    scope = _function_scope(index, "update")
    assert _lines(index, index.reads_of("cache", scope)) == [3, 4, 5]
    assert _lines(index, index.reads_of("i", scope)) == [3]


def test_reads_of_skips_imports_and_global_declarations():
    index = _index(
        """
        import numpy as np
        from jax import lax

        counter = 0

        def bump():
            global counter
            counter = lax.add(counter, np.int32(1))
        """
    )
    module = index.module_scope
    assert _lines(index, index.reads_of("np", module)) == [9]
    assert _lines(index, index.reads_of("lax", module)) == [9]
    assert _lines(index, index.reads_of("counter", module)) == [9]


def test_self_attribute_values_pairs_tuple_assignments_and_reads_annotated_ones():
    index = _index(
        """
        class Regressor:
            def __init__(self, kernel, cfg, rest):
                self.kernel, self.cfg = kernel, cfg
                [self.lo, self.hi] = (0, 1)
                self.first, *self.others = rest
                self.scale: float = 2.0
        """
    )
    (class_node,) = [node for node, _ in index.classes]
    values = index.self_attribute_values(class_node, "__init__")
    code = {name: [index.module.code_for_node(v) for v in found] for name, found in values.items()}
    assert code == {"kernel": ["kernel"], "cfg": ["cfg"], "lo": ["0"], "hi": ["1"], "scale": ["2.0"]}


def test_a_module_level_alias_of_an_imported_module_qualifies_like_the_import():
    index = _index(
        """
        import jax
        from flax import linen as nn

        lax = jax.lax
        Dense = nn.Dense

        def run(xs):
            return lax.fori_loop(0, 3, lambda i, h: h, xs), Dense(4)
        """
    )
    assert {call.name for call in index.calls} >= {"jax.lax.fori_loop", "flax.linen.Dense"}
    assert [loop.kind for loop in index.loops] == ["fori_loop"]


def test_a_rebound_module_level_name_is_no_alias():
    index = _index(
        """
        import jax

        lax = jax.lax
        lax = None

        def run(xs):
            return lax.fori_loop(0, 3, lambda i, h: h, xs)
        """
    )
    assert index.loops == []
