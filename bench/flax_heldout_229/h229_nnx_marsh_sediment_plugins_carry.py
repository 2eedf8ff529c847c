# label: ok
# flax-error: none
# class: 5 a plugin built by the build_plugin factory (abc.ABC subclass) holds an nnx.Module with a Variable subclass whose state is split, carried through the scan and nnx.update-d after
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
    def on_tide(self, ledger, deposit):
        ...


class LedgerPlugin(SurveyPlugin):
    def __init__(self):
        self.ledger = Ledger()

    def on_tide(self, ledger, deposit):
        ledger.total.value = ledger.total.value + deposit


class NullPlugin(SurveyPlugin):
    def __init__(self):
        self.ledger = Ledger()

    def on_tide(self, ledger, deposit):
        return None


def build_plugin(name: str) -> SurveyPlugin:
    return {"ledger": LedgerPlugin, "none": NullPlugin}[name]()


def run_survey(model, plugin: SurveyPlugin, tides):
    graphdef, ledger_state = nnx.split(plugin.ledger)

    def body(ledger_state, tide):
        ledger = nnx.merge(graphdef, ledger_state)
        deposit = model(tide).mean()
        plugin.on_tide(ledger, deposit)
        return nnx.state(ledger), deposit

    ledger_state, deposits = jax.lax.scan(body, ledger_state, tides)
    nnx.update(plugin.ledger, ledger_state)
    return deposits


def main():
    model = AccretionModel(nnx.Rngs(0))
    plugin = build_plugin("ledger")
    tides = jax.random.uniform(jax.random.key(9), (8, 4, 3))  # tides x stakes x (height, turbidity, flow)
    run_survey(model, plugin, tides)
    return None
