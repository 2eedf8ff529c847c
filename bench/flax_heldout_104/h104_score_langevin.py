# label: same-values
# flax-error: none
# class: 1 ScoreNet.sample draws its noise with self.make_rng('sample') inside its own scan body
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
        def body(x, _):
            noise = jax.random.normal(self.make_rng('sample'), x.shape)
            x = x + step_size * self(x) + jnp.sqrt(2 * step_size) * noise
            return x, noise

        _, noises = scan(body, x0, None, length=n_steps)
        return noises


def main():
    model = ScoreNet()
    x0 = jax.random.normal(jax.random.key(0), (8, 2))
    variables = model.init(jax.random.key(1), x0)
    noises = model.apply(variables, x0, 10, method=ScoreNet.sample,
                         rngs={'sample': jax.random.key(2)})
    return noises
