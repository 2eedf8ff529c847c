# label: ok
# flax-error: none
# class: 2 a read-only score net bound to a local before the loop; a fresh nnx.Rngs is built from each step's key and passed to a noise layer
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyScore(nnx.Module):
    def __init__(self, dim, rngs):
        self.net = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.1)

    def __call__(self, x, *, rngs=None):
        return self.drop(self.net(x), rngs=rngs)


def main():
    model = NoisyScore(3, nnx.Rngs(0))
    score_fn = model
    keys = jax.random.split(jax.random.key(42), 12)

    def anneal(x, key):
        k_drop, k_noise = jax.random.split(key)
        grad_log_p = score_fn(x, rngs=nnx.Rngs(dropout=k_drop))
        x = x + 0.01 * grad_log_p + 0.1 * jax.random.normal(k_noise, x.shape)
        return x, x

    _, trace = jax.lax.scan(anneal, jnp.zeros(3), keys)
    return trace
