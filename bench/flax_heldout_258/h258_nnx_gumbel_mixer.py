# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GumbelMixer.sample_many runs fori_loop itself and draws from its own nnx.Rngs 'gumbel' stream inside the body
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class GumbelMixer(nnx.Module):
    def __init__(self, din, n_experts, tau=0.7, *, rngs: nnx.Rngs):
        self.router = nnx.Linear(din, n_experts, rngs=rngs)
        self.rngs = rngs
        self.tau = tau

    def relaxed_weights(self, logits):
        noise = jax.random.gumbel(self.rngs.gumbel(), logits.shape)
        return jax.nn.softmax((logits + noise) / self.tau, axis=-1)

    def sample_many(self, x, n):
        logits = self.router(x)
        out = jnp.zeros((n,) + logits.shape)

        def body(i, out):
            return out.at[i].set(self.relaxed_weights(logits))

        return fori_loop(0, n, body, out)


def main():
    mixer = GumbelMixer(4, 3, rngs=nnx.Rngs(params=0, gumbel=1))
    x = jnp.ones((2, 4))
    return mixer.sample_many(x, n=6)
