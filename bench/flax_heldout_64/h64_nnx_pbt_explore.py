# label: same-values
# flax-error: none
# class: 3 a functools.partial explore step is bound to one key drawn from the controller's nnx.Rngs and scanned over PBT rounds
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class HParam(nnx.Variable):
    pass


class PBTController(nnx.Module):
    def __init__(self, population: int, *, rngs: nnx.Rngs):
        self.log_lr = HParam(jnp.linspace(-4.0, -1.0, population))
        self.fitness_head = nnx.Linear(1, 1, rngs=rngs)
        self.rngs = rngs

    def explore_fn(self, sigma=0.2):
        return functools.partial(_explore, self.fitness_head, sigma=sigma, key=self.rngs.explore())


def _explore(fitness_head, log_lr, _, *, sigma, key):
    fitness = fitness_head(log_lr[:, None])[:, 0]
    worst, best = jnp.argmin(fitness), jnp.argmax(fitness)
    log_lr = log_lr.at[worst].set(log_lr[best])
    delta = sigma * jax.random.normal(key, log_lr.shape)
    return log_lr + delta, delta


def main():
    controller = PBTController(6, rngs=nnx.Rngs(params=0, explore=1))
    step = controller.explore_fn()
    log_lr, deltas = jax.lax.scan(step, controller.log_lr[...], None, length=5)
    controller.log_lr[...] = log_lr
    return deltas
