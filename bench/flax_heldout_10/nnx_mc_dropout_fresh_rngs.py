# label: ok
# flax-error: none
# class: 2 model argument; a fresh nnx.Rngs(dropout=k) from the per-step key passed as xs
"""MC-dropout regression (NNX): each scan step gets its own key and a fresh Rngs built from it."""
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutMLP(nnx.Module):
    def __init__(self, d, rngs):
        self.l1 = nnx.Linear(d, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def make_toy_data(key, n=5):
    x = jax.random.uniform(key, (n, 2), minval=-1, maxval=1)
    y = jnp.sin(3 * x[:, :1]) + 0.1 * x[:, 1:]
    return x, y


def gaussian_nll(preds, y):
    mu, var = preds.mean(0), preds.var(0) + 1e-3
    return jnp.mean(0.5 * jnp.log(2 * jnp.pi * var) + 0.5 * (y - mu) ** 2 / var)


def sample_predictions(model, x, key, T=6):
    def one(_, k):
        return None, model(x, rngs=nnx.Rngs(dropout=k))

    return jax.lax.scan(one, None, jax.random.split(key, T))[1]


def main():
    model = DropoutMLP(2, nnx.Rngs(0))
    x, y = make_toy_data(jax.random.key(3))
    preds = sample_predictions(model, x, jax.random.key(9))
    nll = gaussian_nll(preds, y)
    return preds
