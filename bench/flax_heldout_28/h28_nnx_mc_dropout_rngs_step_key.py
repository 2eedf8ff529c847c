# label: ok
# flax-error: none
# class: 1 a fresh nnx.Rngs built inline in the jax.lax.scan body from a per-step key passed as xs, given to the model's nnx.Dropout calls
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutMLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = self.drop(nnx.relu(self.l1(x)), deterministic=False, rngs=rngs)
        return self.l2(h)


def mc_predict(model, x, num_samples, seed=0):
    keys = jax.random.split(jax.random.key(seed), num_samples)

    def body(carry, key):
        y = model(x, rngs=nnx.Rngs(dropout=key))
        return carry, y

    _, ys = jax.lax.scan(body, None, keys)
    return ys


def predictive_interval(ys, z=1.96):
    mean = ys.mean(axis=0)
    std = ys.std(axis=0)
    return mean - z * std, mean + z * std


def main():
    model = DropoutMLP(2, 1, rngs=nnx.Rngs(params=0))
    x = jnp.linspace(-1.0, 1.0, 8).reshape(4, 2)
    ys = mc_predict(model, x, num_samples=5)
    lo, hi = predictive_interval(ys)
    print("mean", ys.mean(0).ravel(), "interval", lo.ravel(), hi.ravel())
    return ys
