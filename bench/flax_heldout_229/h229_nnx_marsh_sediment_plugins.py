# label: trace-context
# flax-error: TraceContextError: Cannot mutate AccretionTotal from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a plugin built by the build_plugin factory (abc.ABC subclass) holds an nnx.Module with a Variable subclass that the scan body updates
"""Salt marsh sediment accretion: a survey pipeline whose per-tide analysis is
extended through plugins; concrete plugins subclass an abc.ABC base and are picked
by name from configuration."""
import abc

import jax
import jax.numpy as jnp
from flax import nnx


class AccretionTotal(nnx.Variable):
    """Sediment laid down since the last survey, in millimetres."""


class AccretionModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.turbidity = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, tide):
        return nnx.relu(self.turbidity(tide))[..., 0]


class Ledger(nnx.Module):
    def __init__(self):
        self.total = AccretionTotal(jnp.zeros(()))


class SurveyPlugin(abc.ABC):
    @abc.abstractmethod
    def on_tide(self, deposit):
        ...


class LedgerPlugin(SurveyPlugin):
    def __init__(self):
        self.ledger = Ledger()

    def on_tide(self, deposit):
        self.ledger.total.value = self.ledger.total.value + deposit


class NullPlugin(SurveyPlugin):
    def on_tide(self, deposit):
        return None


def build_plugin(name: str) -> SurveyPlugin:
    return {"ledger": LedgerPlugin, "none": NullPlugin}[name]()


def run_survey(model, plugin: SurveyPlugin, tides):
    def body(carry, tide):
        deposit = model(tide).mean()
        plugin.on_tide(deposit)
        return carry, deposit

    _, deposits = jax.lax.scan(body, None, tides)
    return deposits


def main():
    model = AccretionModel(nnx.Rngs(0))
    plugin = build_plugin("ledger")
    tides = jax.random.uniform(jax.random.key(9), (8, 4, 3))  # tides x stakes x (height, turbidity, flow)
    run_survey(model, plugin, tides)
    return None
