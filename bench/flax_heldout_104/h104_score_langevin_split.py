# label: ok
# flax-error: none
# class: 1 ScoreNet.sample splits self.make_rng('sample') into one key per step before its scan and feeds them as xs
"""Unadjusted Langevin sampler for a small score network (score-based generative model). The
sampler is a method of the score model, applied with method=ScoreNet.sample and a 'sample' rng;
returns the noise injected at every step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ScoreNet(nn.Module):
    hidden: int = 32
    sigma: float = 0.5

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h) / self.sigma

    def sample(self, x0, n_steps: int, step_size: float = 1e-2):
        keys = jax.random.split(self.make_rng('sample'), n_steps)

        def body(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x + step_size * self(x) + jnp.sqrt(2 * step_size) * noise
            return x, noise

        _, noises = scan(body, x0, keys)
        return noises


def main():
    model = ScoreNet()
    x0 = jax.random.normal(jax.random.key(0), (8, 2))
    variables = model.init(jax.random.key(1), x0)
    noises = model.apply(variables, x0, 10, method=ScoreNet.sample,
                         rngs={'sample': jax.random.key(2)})
    return noises
