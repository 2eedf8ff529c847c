# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a timing class decorator wraps the fleet model's advance method, which applies the BatchNorm encoder in training mode inside the fori_loop body
"""Snowplough fleet routing: lowers the priority of city blocks as ploughs pass over them."""
import functools
import time
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.linen as fl


def timed(*method_names):
    def decorate(cls):
        for name in method_names:
            method = getattr(cls, name)

            def make(method):
                @functools.wraps(method)
                def wrapper(self, *args, **kwargs):
                    started = time.perf_counter()
                    try:
                        return method(self, *args, **kwargs)
                    finally:
                        self.timings[method.__name__] += time.perf_counter() - started

                return wrapper

            setattr(cls, name, make(method))
        return cls

    return decorate


class BlockEncoder(fl.Module):
    width: int = 8

    @fl.compact
    def __call__(self, grid, train: bool = True):
        h = fl.Dense(self.width, name="embed")(grid)
        h = fl.BatchNorm(use_running_average=not train, name="norm")(h)
        return fl.Dense(grid.shape[-1], name="priority")(fl.tanh(h))


@timed("advance", "route")
class FleetModel:
    def __init__(self, encoder: BlockEncoder, variables):
        self.encoder = encoder
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.timings = defaultdict(float)

    def advance(self, grid):
        return self.encoder.apply({"params": self.params, "batch_stats": self.batch_stats}, grid, train=True)

    def route(self, grid, blocks: int):
        def step(block, snow):
            return snow - 0.1 * jax.nn.sigmoid(self.advance(snow))

        return jax.lax.fori_loop(0, blocks, step, grid)


def main():
    encoder = BlockEncoder()
    grid = jnp.full((4, 3), 0.6)
    fleet = FleetModel(encoder, encoder.init(jax.random.key(0), grid, train=False))
    cleared = fleet.route(grid, blocks=5)
    jax.block_until_ready(cleared)
