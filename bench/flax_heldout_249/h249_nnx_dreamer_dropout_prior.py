# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the fori_loop body is built by make_ensemble_step(world_model, deter) and calls world_model.prior, whose Dropout draws from the model's Rngs

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

DETER, STOCH = 8, 4


class PriorNet(nnx.Module):
    def __init__(self, deter, stoch, *, rngs):
        self.hidden = nnx.Linear(deter, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, stoch, rngs=rngs)

    def __call__(self, deter):
        return self.out(self.drop(nnx.silu(self.hidden(deter))))


class WorldModel(nnx.Module):
    def __init__(self, *, rngs):
        self.prior = PriorNet(DETER, STOCH, rngs=rngs)
        self.reward = nnx.Linear(STOCH, 1, rngs=rngs)


def make_ensemble_step(world_model, deter):
    def step(i, samples):
        return samples.at[i].set(world_model.prior(deter))
    return step


def imagine_ensemble(world_model, deter, num):
    step = make_ensemble_step(world_model, deter)
    return lax.fori_loop(0, num, step, jnp.zeros((num,) + deter.shape[:-1] + (STOCH,)))


def main():
    world_model = WorldModel(rngs=nnx.Rngs(params=0, dropout=1))
    deter = jnp.ones((1, DETER))
    return imagine_ensemble(world_model, deter, num=5)
