# label: ok
# flax-error: none
# class: 5 the fori_loop body is built by make_ensemble_step(graphdef, deter); the world model's split state goes through the loop carry and is merged in the body

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


def make_ensemble_step(graphdef, deter):
    def step(i, carry):
        state, samples = carry
        world_model = nnx.merge(graphdef, state)
        samples = samples.at[i].set(world_model.prior(deter))
        return nnx.state(world_model), samples
    return step


def imagine_ensemble(world_model, deter, num):
    graphdef, state = nnx.split(world_model)
    step = make_ensemble_step(graphdef, deter)
    samples = jnp.zeros((num,) + deter.shape[:-1] + (STOCH,))
    state, samples = lax.fori_loop(0, num, step, (state, samples))
    nnx.update(world_model, state)
    return samples


def main():
    world_model = WorldModel(rngs=nnx.Rngs(params=0, dropout=1))
    deter = jnp.ones((1, DETER))
    return imagine_ensemble(world_model, deter, num=5)
