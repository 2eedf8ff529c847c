# label: ok
# flax-error: none
# class: 2 the model and seed key local to simulate_aging go into the while_loop body, which builds nnx.Rngs from the key folded with the day
"""Cheese-cave affinage: sampled daily moisture-loss rates for a rack of wheels under humidity uncertainty."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class MoistureLossNet(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, cave, rngs=None):
        h = self.drop(nnx.relu(self.l1(cave)), rngs=rngs)
        return 0.01 * nnx.softplus(self.l2(h))[..., 0]


def simulate_aging(model, cave, days, seed):
    key = jax.random.key(seed)
    rates = jnp.zeros((days, cave.shape[0]))
    weight = jnp.ones(cave.shape[0])

    def cond(state):
        return state[0] < days

    def body(state):
        day, weight, rates = state
        rate = model(cave, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, day)))
        return day + 1, weight * (1.0 - rate), rates.at[day].set(rate)

    _, weight, rates = while_loop(cond, body, (0, weight, rates))
    return rates


def main():
    cave = jax.random.normal(jax.random.key(13), (5, 4))
    model = MoistureLossNet(4, nnx.Rngs(0))
    return simulate_aging(model, cave, days=6, seed=21)
