# label: ok
# flax-error: none
# class: 4 partial(step_fn, module=self) handed to lax.scan, with the noise keys split outside the loop and passed as xs
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


def langevin_step(x, key, *, module, step_size):
    score = module.score(x)
    noise = jax.random.normal(key, x.shape)
    x = x + step_size * score + jnp.sqrt(2 * step_size) * noise
    return x, noise


class ScoreSampler(nn.Module):
    features: int = 3

    def setup(self):
        self.score = nn.Dense(self.features)

    def __call__(self, x):
        return self.score(x)

    def sample(self, x0, n_steps):
        keys = jax.random.split(self.make_rng("noise"), n_steps)
        step = partial(langevin_step, module=self, step_size=0.01)
        _, noises = jax.lax.scan(step, x0, keys)
        return noises


def main():
    model = ScoreSampler()
    x0 = jnp.zeros((2, 3))
    params = model.init(jax.random.PRNGKey(0), x0)
    noises = model.apply(params, x0, 6, method=ScoreSampler.sample,
                         rngs={"noise": jax.random.PRNGKey(42)})
    return noises
