# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level factory builds the scan step from a bound method via functools.partial; the method creates a param during init
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


def make_member_step(score_fn, sigma):
    def step(best, noise):
        f = score_fn(noise=noise, sigma=sigma)
        return jnp.maximum(best, f), f
    return step


class ESObjective(nn.Module):
    dim: int = 5

    def _member_score(self, obs, noise, sigma):
        theta = self.param("theta", nn.initializers.zeros, (self.dim,))
        return -jnp.sum((obs @ (theta + sigma * noise) - 1.0) ** 2)

    @nn.compact
    def __call__(self, obs, noises):
        step = make_member_step(partial(self._member_score, obs), sigma=0.1)
        best, scores = jax.lax.scan(step, -jnp.inf, noises)
        return scores


def main():
    es = ESObjective()
    obs = jnp.ones((3, 5))
    noises = jax.random.normal(jax.random.key(0), (8, 5))
    variables = es.init(jax.random.key(1), obs, noises)
    scores = es.apply(variables, obs, noises)
    print(scores)
    return None
