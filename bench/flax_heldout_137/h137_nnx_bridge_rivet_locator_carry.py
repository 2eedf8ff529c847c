# label: ok
# flax-error: none
# class: 4 RivetSurvey splits the model it gets from a service locator, carries the state through lax.scan, and after the loop registers nnx.merge(graphdef, final_state) back into the locator
"""Bridge inspection: acoustic rivet-head survey of a truss, adapting batch statistics per panel."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RivetAcousticNet(nnx.Module):
    def __init__(self, bins, rngs: nnx.Rngs):
        self.spectrum = nnx.Linear(bins, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.loose = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, echoes):
        return jax.nn.sigmoid(self.loose(nnx.relu(self.norm(self.spectrum(echoes)))))[..., 0]


class ServiceLocator:
    def __init__(self):
        self._registry = {}

    def provide(self, name, service):
        self._registry[name] = service

    def get(self, name):
        return self._registry[name]


class RivetSurvey:
    def __init__(self, services):
        self.services = services

    def sweep(self, panels):
        graphdef, state = nnx.split(self.services.get("rivet-model"))

        def body(state, echoes):
            model = nnx.merge(graphdef, state)
            loose = model(echoes)
            return nnx.state(model), jnp.sum(loose > 0.5)

        state, loose_counts = lax.scan(body, state, panels)
        self.services.provide("rivet-model", nnx.merge(graphdef, state))
        return loose_counts

    def calibration_report(self):
        stats = nnx.state(self.services.get("rivet-model"), nnx.BatchStat)
        return jax.tree.map(lambda v: jnp.abs(v).max(), stats)


def main():
    services = ServiceLocator()
    services.provide("rivet-model", RivetAcousticNet(12, nnx.Rngs(0)))
    panels = jax.random.normal(jax.random.key(1), (5, 9, 12))
    survey = RivetSurvey(services)
    survey.sweep(panels)
    jax.block_until_ready(survey.calibration_report())
    return None
