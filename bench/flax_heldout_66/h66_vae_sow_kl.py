# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow into 'intermediates' is called from the raw scan body over refinement steps
"""Iterative-amortised VAE: the encoder refines q(z|x) for a few steps with jax.lax.scan and
sows the per-step KL so the training loop can log it."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RefiningEncoder(nn.Module):
    latent: int = 4
    steps: int = 3

    @nn.compact
    def __call__(self, x):
        refine = nn.Dense(2 * self.latent, name="refine")
        stats = nn.Dense(2 * self.latent, name="stats")(x)

        def body(stats, _):
            mu, logvar = jnp.split(stats, 2, axis=-1)
            kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, axis=-1).mean()
            self.sow("intermediates", "kl", kl)
            return stats + 0.1 * jnp.tanh(stats @ jnp.eye(2 * self.latent)), None

        stats, _ = jax.lax.scan(body, stats, None, length=self.steps)
        return refine(stats)


def main():
    enc = RefiningEncoder()
    x = jnp.ones((5, 6))
    params = enc.init(jax.random.key(0), x)["params"]
    out, state = enc.apply({"params": params}, x, mutable=["intermediates"])
    kls = jnp.stack(jax.tree.leaves(state["intermediates"]))
    kls.sum().block_until_ready()
    return None
