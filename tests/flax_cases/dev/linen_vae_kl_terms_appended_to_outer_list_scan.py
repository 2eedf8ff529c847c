# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a raw scan over latent refinement steps applies a Linen encoder and appends each step's KL term to a list the evaluation function made; the list is summed after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dense(self.latent)(h), nn.Dense(self.latent)(h)


def kl_of_refinement(params, model, x, steps=3):
    kl_terms = []

    def refine(z, _):
        mean, logvar = model.apply(params, x + z.sum())
        kl = -0.5 * jnp.mean(1 + logvar - mean**2 - jnp.exp(logvar))
        kl_terms.append(kl)
        return z + 0.1 * mean, None

    jax.lax.scan(refine, jnp.zeros(4), None, length=steps)
    return sum(kl_terms) / len(kl_terms)


def main():
    model = Encoder()
    x = jnp.ones((8,))
    params = model.init(jax.random.PRNGKey(0), x)
    total = kl_of_refinement(params, model, x)
    jnp.asarray(total) + 1.0
    return None
