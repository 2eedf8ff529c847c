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


def _class(index: ScanIndex, name: str) -> cst.ClassDef:
    return next(node for node, _ in index.classes if node.name.value == name)


def test_defining_class_follows_the_order_of_the_bases():
    index = _index(
        """
        import flax.linen as nn

        class NoiseMixin:
            def noise(self):
                return self.make_rng("noise")

        class Model(NoiseMixin, nn.Module):
            pass

        class LibraryFirst(nn.Module, NoiseMixin):
            pass

        class A:
            def run(self):
                return 1

        class B(A):
            pass

        class C(A):
            def run(self):
                return 2

        class D(B, C):
            pass
        """
    )
    assert index.defining_class(_class(index, "Model"), "noise") is _class(index, "NoiseMixin")
    # a library base listed first might define it
    assert index.defining_class(_class(index, "LibraryFirst"), "noise") is None
    # D runs C's `run`: C comes before A in D's method resolution order
    assert index.defining_class(_class(index, "D"), "run") is None
    assert index.defining_class(_class(index, "B"), "run") is _class(index, "A")


def test_registry_picks_follow_the_keys_a_pick_may_spell():
    index = _index(
        """
        HEADS = {}

        def head(name):
            def register(fn):
                HEADS[name] = fn
                return fn
            return register

        @head("eta")
        def eta_head(x):
            return x

        @head("bins")
        def bin_head(x):
            return x

        class Service:
            def __init__(self, names=("bins",)):
                self.names = names

            def run(self, x):
                return [HEADS[name](x) for name in self.names]

        def unknown(name, x):
            return HEADS[name](x)

        Service().run(1)
        """
    )
    _store, pick, later = [node for node in _subscripts(index.module) if isinstance(node.value, cst.Name) and node.value.value == "HEADS"]
    assert [f.name.value for f in index.registry_picks(pick, _function_scope(index, "run"))] == ["bin_head"]
    # `unknown` is never called: the key it picks by is not known
    assert index.registry_picks(later, _function_scope(index, "unknown")) is None


def _subscripts(module: cst.Module) -> list[cst.Subscript]:
    found: list[cst.Subscript] = []

    class Finder(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            found.append(node)

    module.visit(Finder())
    return found
