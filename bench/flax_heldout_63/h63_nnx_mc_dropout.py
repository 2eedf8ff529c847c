# label: same-values
# flax-error: none
# class: 2 the model state is the scan carry (nnx.split / nnx.merge); nnx.reseed in the body uses the same outer key every step
"""MC-dropout predictions with an NNX model in jax.lax.scan; the dropout stream is reseeded each step."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Regressor(nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-2, 2, 8)[:, None]
    graphdef, state = nnx.split(model)
    key = jax.random.key(99)

    def mc_sample(state, _):
        m = nnx.merge(graphdef, state)
        nnx.reseed(m, dropout=key)
        y = m(x)
        return nnx.state(m), y

    _, preds = jax.lax.scan(mc_sample, state, None, length=6)
    return preds
