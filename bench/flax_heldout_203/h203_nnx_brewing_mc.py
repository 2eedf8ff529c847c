# label: same-values
# flax-error: none
# class: 2 a local dropout key drawn once in mc_finish_gravity goes into every while_loop step as model(wort, rngs=key)
"""Brewery fermentation monitoring: estimate the final gravity of a batch with Monte-Carlo
dropout over a small predictor, one dropout sample per loop step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GravityPredictor(nnx.Module):
    def __init__(self, sensors, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, wort, rngs=None):
        h = nnx.gelu(self.hidden(wort))
        return 1.0 + 0.01 * nnx.sigmoid(self.out(self.drop(h, rngs=rngs))).squeeze(-1)


def mc_finish_gravity(model, wort, samples, seed):
    key = nnx.Rngs(dropout=seed).dropout()
    buffer = jnp.zeros((samples,) + wort.shape[:-1])

    def keep_going(state):
        return state[0] < samples

    def draw(state):
        i, buffer = state
        return i + 1, buffer.at[i].set(model(wort, rngs=key))

    _, buffer = jax.lax.while_loop(keep_going, draw, (jnp.array(0), buffer))
    return buffer


def main():
    wort = jax.random.normal(jax.random.key(12), (3, 6))
    model = GravityPredictor(6, nnx.Rngs(0))
    model.train()
    return mc_finish_gravity(model, wort, samples=8, seed=5)
