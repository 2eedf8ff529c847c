# label: same-values
# flax-error: none
# class: 5 a registered step builder returns functools.partial(apply_jitter, model, key=...) with the key bound in; the while_loop body calls it
"""3D-printer extrusion: injects flow-rate jitter into a layer plan until the layer budget is used."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx

STEP_BUILDERS = {}


def step_builder(name):
    def register(fn):
        STEP_BUILDERS[name] = fn
        return fn

    return register


@dataclasses.dataclass(frozen=True)
class PrintConfig:
    nozzle_features: int = 4
    layers: int = 6
    jitter: float = 0.05


class FlowModel(nnx.Module):
    def __init__(self, config, *, rngs):
        self.config = config
        self.head = nnx.Linear(config.nozzle_features, 1, rngs=rngs)

    def __call__(self, nozzle, key):
        noise = self.config.jitter * jax.random.normal(key, ())
        return nnx.softplus(self.head(nozzle)).squeeze(-1) * (1.0 + noise)


def apply_jitter(model, nozzle, *, key):
    return model(nozzle, key)


@step_builder("jitter")
def build_jitter_step(model, rngs):
    return functools.partial(apply_jitter, model, key=rngs.jitter())


def main():
    config = PrintConfig()
    rngs = nnx.Rngs(params=0, jitter=4)
    model = FlowModel(config, rngs=rngs)
    step = STEP_BUILDERS["jitter"](model, rngs)
    nozzle = jnp.array([0.4, 210.0, 0.2, 60.0]) / 100.0

    def more_layers(state):
        layer, _ = state
        return layer < config.layers

    def print_layer(state):
        layer, flow = state
        return layer + 1, flow.at[layer].set(step(nozzle))

    _, flow = jax.lax.while_loop(more_layers, print_layer, (0, jnp.zeros((config.layers,))))
    return flow
