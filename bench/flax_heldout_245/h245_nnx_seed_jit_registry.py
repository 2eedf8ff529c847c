# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the fori_loop body looks up an nnx.jit-compiled scoring step in a decorator registry and passes it the pipeline's model
"""Scoring pipeline of the seed bank's germination cabinets: named scoring steps are registered
once, and the nightly job runs the germination step over every tray rack of the cabinet."""

import jax
import jax.numpy as jnp
import jax.lax as jlax
from flax import nnx

RACKS = 4
TRAYS = 3
TRAY_FEATURES = 5

_STEPS = {}


def scoring_step(name: str):
    def register(fn):
        _STEPS[name] = nnx.jit(fn)
        return fn
    return register


class CabinetModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sprout = nnx.Linear(TRAY_FEATURES, 1, rngs=rngs)

    def __call__(self, trays):
        return nnx.sigmoid(self.sprout(trays))[..., 0]


@scoring_step("germination")
def germination(model: CabinetModel, trays):
    return jnp.mean(model(trays))


@scoring_step("mould")
def mould(model: CabinetModel, trays):
    return jnp.max(1.0 - model(trays))


class NightlyPipeline:
    def __init__(self, model: CabinetModel, step: str):
        self.model = model
        self.step = step

    def run(self, racks):
        step_fn = _STEPS[self.step]

        def per_rack(i, scores):
            return scores.at[i].set(step_fn(self.model, racks[i]))

        return jlax.fori_loop(0, racks.shape[0], per_rack, jnp.zeros((racks.shape[0],)))


def cabinet_racks(cabinet: int):
    return jax.random.uniform(jax.random.key(cabinet), (RACKS, TRAYS, TRAY_FEATURES))


def main():
    pipeline = NightlyPipeline(CabinetModel(nnx.Rngs(3)), step="germination")
    scores = pipeline.run(cabinet_racks(cabinet=2))
    jax.block_until_ready(scores)
    return None
