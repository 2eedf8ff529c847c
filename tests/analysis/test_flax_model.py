"""Shared Flax analyses: how a call of a same-file function or method fills its parameters."""

from __future__ import annotations

import textwrap

import libcst as cst

from scanlint.analysis.flax_model import flax_file, parameters_passed
from scanlint.analysis.resolver import ScanIndex


def _index(source: str) -> ScanIndex:
    return ScanIndex(cst.parse_module(textwrap.dedent(source)))


def _function_scope(index: ScanIndex, name: str):
    for node, scope in index.scope_of.items():
        if isinstance(node, cst.FunctionDef) and node.name.value == name:
            return scope
    raise AssertionError(f"no function {name}")


def _call_in(index: ScanIndex, function: str, code: str) -> tuple[cst.Call, object]:
    scope = _function_scope(index, function)
    found = [node for node in _calls(scope.node) if index.module.code_for_node(node) == code]
    assert len(found) == 1, code
    return found[0], scope


def _calls(node: cst.CSTNode) -> list[cst.Call]:
    class Calls(cst.CSTVisitor):
        def __init__(self) -> None:
            self.calls: list[cst.Call] = []

        def visit_Call(self, call: cst.Call) -> None:
            self.calls.append(call)

    calls = Calls()
    node.visit(calls)
    return calls.calls


def _method(index: ScanIndex, name: str) -> cst.FunctionDef:
    return _function_scope(index, name).node


def test_parameters_passed_fills_self_for_methods_called_through_an_object():
    index = _index(
        """
        class Sampler:
            def draw(self, key, shape):
                return key

            @staticmethod
            def noise(key, shape):
                return key

            def __call__(self, key):
                return key

            def run(self, key):
                self.draw(key, 3)
                Sampler.draw(self, key, 4)
                self.noise(key, 5)

        def use(key):
            sampler = Sampler()
            sampler(key)
            sampler.draw(key, 6)
        """
    )

    def filled(function: str, call: str) -> list[tuple[str, str]]:
        node, scope = _call_in(index, "use" if "sampler" in call else "run", call)
        method = _method(index, function)
        pairs = parameters_passed(method, index.scope_of[method], node, scope)
        return [(param.name.value, index.module.code_for_node(value)) for param, value in pairs]

    assert filled("draw", "self.draw(key, 3)") == [("key", "key"), ("shape", "3")]
    assert filled("draw", "Sampler.draw(self, key, 4)") == [("self", "self"), ("key", "key"), ("shape", "4")]
    assert filled("noise", "self.noise(key, 5)") == [("key", "key"), ("shape", "5")]
    assert filled("__call__", "sampler(key)") == [("key", "key")]
    assert filled("draw", "sampler.draw(key, 6)") == [("key", "key"), ("shape", "6")]


AGENT = """
class Agent:
    def act(self, obs, key):
        return obs + key

def make_rollout(agent):
    def step(obs, key):
        return agent.act(obs, key), obs
    return step
"""


def _agent_class(source: str):
    index = _index(source)
    call, scope = _call_in(index, "step", "agent.act(obs, key)")
    found = flax_file(index).instance_class(call.func.value, _function_scope(index, "step"))
    return found.name.value if found is not None else None


def test_the_object_every_call_of_a_module_level_function_passes_has_a_known_class():
    assert _agent_class(AGENT + "\nagent = Agent()\nrollout = make_rollout(agent)\nother = make_rollout(agent=Agent())\n") == "Agent"


def test_the_class_is_not_known_when_calls_pass_objects_of_other_classes_or_unknown_values():
    other = "\nclass Other:\n    def act(self, obs, key):\n        return obs\n"
    assert _agent_class(AGENT + other + "\nrollout = make_rollout(Agent())\nsecond = make_rollout(Other())\n") is None
    assert _agent_class(AGENT + "\nrollout = make_rollout(Agent())\nsecond = make_rollout(load_agent())\n") is None
