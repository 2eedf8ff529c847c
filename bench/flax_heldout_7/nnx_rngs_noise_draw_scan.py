# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a Gibbs-style sampler draws rngs.noise() from an outside nnx.Rngs inside the inline scan body
import jax
import jax.numpy as jnp
from flax import nnx


class RBM(nnx.Module):
    def __init__(self, n_vis, n_hid, rngs):
        self.W = nnx.Param(0.1 * jax.random.normal(rngs.params(), (n_vis, n_hid)))

    def hidden_probs(self, v):
        return jax.nn.sigmoid(v @ self.W.value)

    def visible_probs(self, h):
        return jax.nn.sigmoid(h @ self.W.value.T)


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    rbm = RBM(6, 4, rngs)
    v0 = jnp.ones((6,))

    def gibbs(v, _):
        h = jax.random.bernoulli(rngs.noise(), rbm.hidden_probs(v)).astype(jnp.float32)
        v = jax.random.bernoulli(rngs.noise(), rbm.visible_probs(h)).astype(jnp.float32)
        return v, v

    _, chain = jax.lax.scan(gibbs, v0, None, length=8)
    return chain
