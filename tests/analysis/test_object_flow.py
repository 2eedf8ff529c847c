"""The object flow's answers: which objects an expression may hold, on small modules written as
production code is (nested dataclasses, pools, leases, builders, registries), and no answer
where the file does not show the value."""

from __future__ import annotations

import textwrap

import libcst as cst

from scanlint.analysis.object_flow import BoundMethod, object_flow
from scanlint.analysis.resolver import ScanIndex


class _Expressions(cst.CSTVisitor):
    def __init__(self, module: cst.Module, text: str) -> None:
        self.module = module
        self.text = text
        self.found: list[cst.BaseExpression] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.BaseExpression) and self.module.code_for_node(node) == self.text:
            self.found.append(node)
        return True


def _values(source: str, function: str, expression: str) -> list[str] | None:
    """The code of each object `expression`, written in `function`, may hold."""
    index = ScanIndex(cst.parse_module(textwrap.dedent(source)))
    scope = next(s for n, s in index.scope_of.items() if isinstance(n, cst.FunctionDef) and n.name.value == function)
    finder = _Expressions(index.module, expression)
    scope.node.visit(finder)
    assert finder.found, f"no `{expression}` in {function}"
    values = object_flow(index).values(finder.found[-1], scope)
    return None if values is None else sorted(index.module.code_for_node(value).strip().split("\n")[0] for value, _ in values)


def test_follows_objects_through_nested_dataclasses_and_a_method_made_closure():
    source = """
        from dataclasses import dataclass
        import flax.linen as nn

        class Net(nn.Module):
            pass

        @dataclass
        class Tracker:
            model: nn.Module
            variables: dict

            def make_step(self, target):
                def step(state):
                    return self.model.apply(self.variables, state)
                return step

        @dataclass
        class Dome:
            tracker: Tracker

        def follow(dome, target):
            tracker = dome.tracker
            body = tracker.make_step(target)
            return body

        def main():
            model = Net()
            follow(Dome(Tracker(model, model.init(0, 1))), 1.0)
    """
    assert _values(source, "step", "self.model") == ["Net()"]
    assert _values(source, "step", "self.variables") == ["model.init(0, 1)"]
    assert _values(source, "follow", "tracker.make_step(target)") == ["def step(state):"]


def test_follows_a_lazy_pool_a_method_fills_and_returns():
    source = """
        import flax.linen as nn
        class Pool:
            def __init__(self):
                self._sessions = {}

            def session(self, name):
                if name not in self._sessions:
                    self._sessions[name] = Session(name)
                return self._sessions[name]

        class Session:
            def __init__(self, name):
                self.name = name

        class Service:
            def __init__(self, pool):
                self.pool = pool

            def run(self, name):
                return self.pool.session(name)

        def main():
            Service(Pool()).run("a")
    """
    assert _values(source, "run", "self.pool.session(name)") == ["Session(name)"]


def test_follows_nested_containers_and_container_methods():
    source = """
        import flax.linen as nn
        from collections import defaultdict

        class Model:
            pass

        class Zoo:
            def __init__(self):
                self._entries = defaultdict(dict)
                self._order = []

            def add(self, name, version, entry):
                self._entries[name][version] = entry
                self._order.append(entry)

            def latest(self, name):
                versions = self._entries.setdefault(name, {})
                return versions[max(versions)]

            def first(self):
                for entry in self._order:
                    return entry

        def main():
            zoo = Zoo()
            zoo.add("a", 1, Model())
            zoo.latest("a")
            zoo.first()
    """
    assert _values(source, "latest", "versions[max(versions)]") == ["Model()"]
    assert _values(source, "first", "entry") == ["Model()"]


def test_follows_context_manager_leases_and_enter():
    source = """
        import flax.linen as nn
        import contextlib

        class Model:
            pass

        class Pool:
            def __init__(self):
                self.models = [Model()]

            @contextlib.contextmanager
            def lease(self):
                model = self.models.pop()
                yield model
                self.models.append(model)

        class Session:
            def __init__(self, model):
                self.model = model

            def __enter__(self):
                return self.model

            def __exit__(self, *exc):
                return False

        def use(pool):
            with pool.lease() as leased:
                leased
            with Session(Model()) as entered:
                entered

        def main():
            use(Pool())
    """
    assert _values(source, "use", "leased") == ["Model()"]
    assert _values(source, "use", "entered") == ["Model()"]


def test_follows_builders_partials_and_dunder_call_objects():
    source = """
        import flax.linen as nn
        import functools

        class Model:
            pass

        class Builder:
            def __init__(self):
                self.model = None

            def with_model(self, model):
                self.model = model
                return self

            def build(self):
                return Runner(self.model)

        class Runner:
            def __init__(self, model):
                self.model = model

            def __call__(self, x):
                return self.model

        def scaled(model, x, scale):
            return model

        def main():
            runner = Builder().with_model(Model()).build()
            out = runner(1)
            step = functools.partial(scaled, Model())
            kept = step(1, scale=2)
    """
    assert _values(source, "main", "runner") == ["Runner(self.model)"]
    assert _values(source, "main", "out") == ["Model()"]
    assert _values(source, "main", "kept") == ["Model()"]


def test_a_class_kept_as_a_field_makes_its_objects():
    source = """
        import flax.linen as nn

        class Block(nn.Module):
            pass

        class Stack(nn.Module):
            block_cls: type = Block

            def setup(self):
                self.block = self.block_cls()

            def __call__(self, x):
                return self.block(x)

        def main():
            Stack().init(0, 1)
    """
    index = ScanIndex(cst.parse_module(textwrap.dedent(source)))
    flow = object_flow(index)
    made = [call for call in flow.made_class if index.module.code_for_node(call) == "self.block_cls()"]
    assert [c.name.value for c in flow.classes_made(made[0])] == ["Block"]
    assert _values(source, "__call__", "self.block") == ["self.block_cls()"]


def test_no_answer_for_values_the_file_does_not_show():
    source = """
        import flax.linen as nn
        class Model:
            pass

        class Other:
            pass

        def handed_in(model):
            return model

        def library_made(factory):
            return factory.create()

        def either(flag):
            made = Model() if flag else Other()
            return made

        def main():
            either(True)
    """
    assert _values(source, "handed_in", "model") is None  # no call in the file fills it
    assert _values(source, "library_made", "factory.create()") is None
    assert _values(source, "either", "made") == ["Model()", "Other()"]


def test_a_function_a_library_calls_gets_unknown_arguments():
    source = """
        import flax.linen as nn
        import jax

        class Model:
            pass

        def body(carry, x):
            return carry, x

        def main():
            body(Model(), 1)
            jax.lax.scan(body, Model(), None, length=3)
    """
    assert _values(source, "body", "carry") is None


def test_methods_read_from_objects_are_bound_to_them():
    source = """
        import flax.linen as nn
        class Tracker:
            def step(self, x):
                return x

        def main():
            tracker = Tracker()
            fn = tracker.step
    """
    index = ScanIndex(cst.parse_module(textwrap.dedent(source)))
    flow = object_flow(index)
    main = next(n for n in index.scope_of if isinstance(n, cst.FunctionDef) and n.name.value == "main")
    finder = _Expressions(index.module, "tracker.step")
    main.visit(finder)
    (origin,) = flow.origins(finder.found[0], index.scope_of[main])
    assert isinstance(origin, BoundMethod) and origin.function.name.value == "step"


def test_follows_reduce_map_and_shallow_copies():
    source = """
        import flax.linen as nn
        import copy
        import functools

        class Stage:
            def __init__(self, model):
                self.model = model

            def __call__(self, acc):
                return self.model

        class Model:
            pass

        class Session:
            def __init__(self, model):
                self.model = model

        def run(stages, x):
            return functools.reduce(lambda acc, stage: stage(acc), stages, x)

        def each(stages):
            outputs = map(lambda stage: stage.model, stages)
            for out in outputs:
                return out

        def cloned(session):
            twin = copy.copy(session)
            return twin.model

        def main():
            stages = [Stage(Model())]
            run(stages, 1)
            each(stages)
            cloned(Session(Model()))
    """
    assert _values(source, "run", "functools.reduce(lambda acc, stage: stage(acc), stages, x)") == ["1", "Model()"]
    assert _values(source, "each", "out") == ["Model()"]
    assert _values(source, "cloned", "twin.model") == ["Model()"]
    assert _values(source, "run", "stage") == ["Stage(Model())"]


def test_a_getter_returns_what_its_call_asks_for():
    source = """
        import flax.linen as nn
        class Model:
            pass

        class Service:
            def __init__(self, model):
                self.model = model

        class Container:
            def __init__(self):
                self._providers = {}
                self._instances = {}

            def register(self, name, provider):
                self._providers[name] = provider

            def resolve(self, name):
                if name not in self._instances:
                    self._instances[name] = self._providers[name](self)
                return self._instances[name]

        def main():
            container = Container()
            container.register("model", lambda c: Model())
            container.register("service", lambda c: Service(c.resolve("model")))
            service = container.resolve("service")
            model = container.resolve("model")
    """
    assert _values(source, "main", "service") == ['Service(c.resolve("model"))']
    assert _values(source, "main", "model") == ["Model()"]


def test_a_file_that_imports_nothing_of_flax_is_not_solved():
    source = """
        class Model:
            pass

        def main():
            model = Model()
            return model
    """
    assert _values(source, "main", "model") is None


def test_dict_of_pairs_keeps_each_value_under_its_key():
    source = """
        import flax.linen as nn

        class Fast:
            pass

        class Slow:
            pass

        TABLE = dict([("fast", Fast), ("slow", Slow)])

        def pick():
            chosen = TABLE["fast"]
            return chosen
    """
    assert _values(source, "pick", "chosen") == ["class Fast:"]


def test_concatenated_lists_hold_the_elements_of_both():
    source = """
        import flax.linen as nn

        class Step:
            def __init__(self, fn):
                self.fn = fn

            def then(self, other):
                return Chain([self]).then(other)

        class Chain:
            def __init__(self, steps):
                self.steps = list(steps)

            def then(self, other):
                return Chain(self.steps + [other])

            def run(self, x):
                for step in self.steps:
                    x = step.fn(x)
                return x

        def main():
            chain = Step(abs).then(Step(round)).then(Step(float))
            chain.run(1.5)
            total = 3 + 4
    """
    assert _values(source, "run", "step") == ["Step(abs)", "Step(float)", "Step(round)"]
    assert _values(source, "main", "total") == ["3 + 4"]


def test_a_descriptor_read_on_an_object_gives_what_its_get_returns():
    source = """
        import flax.linen as nn

        class Slot:
            def __get__(self, obj, objtype=None):
                if obj is None:
                    return self
                return obj.registry[obj.key]

        class Engine:
            pass

        class Owner:
            engine = Slot()

            def __init__(self, registry, key):
                self.registry = registry
                self.key = key

            def run(self):
                current = self.engine
                return current

        def main():
            Owner({"a": Engine()}, "a").run()
    """
    assert _values(source, "run", "current") == ["Engine()"]
