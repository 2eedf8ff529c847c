# label: ok
# flax-error: none
# class: 5 a timing class decorator wraps the fleet model's advance method; the encoder's batch_stats are threaded through the fori_loop carry
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

    def advance(self, grid, batch_stats):
        priority, updates = self.encoder.apply(
            {"params": self.params, "batch_stats": batch_stats}, grid, train=True, mutable=["batch_stats"]
        )
        return priority, updates["batch_stats"]

    def route(self, grid, blocks: int):
        def step(block, carry):
            snow, stats = carry
            priority, stats = self.advance(snow, stats)
            return snow - 0.1 * jax.nn.sigmoid(priority), stats

        grid, self.batch_stats = jax.lax.fori_loop(0, blocks, step, (grid, self.batch_stats))
        return grid


def main():
    encoder = BlockEncoder()
    grid = jnp.full((4, 3), 0.6)
    fleet = FleetModel(encoder, encoder.init(jax.random.key(0), grid, train=False))
    cleared = fleet.route(grid, blocks=5)
    jax.block_until_ready(cleared)
