# label: same-values
# flax-error: none
# class: 2 the sampling key, a local of langevin(), goes into the fori_loop body directly and is used at every step
"""Score-based generative model: annealed Langevin dynamics with a small Linen score network,
the sampler written as a jax.lax.fori_loop over noise levels.

Modelled on "my Langevin sampler collapses / all chains move the same way" questions where the
PRNG key captured by the loop body is never split."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

DIM = 2
N_STEPS = 8


class ScoreNet(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma)[None]], axis=-1)
        h = nn.swish(nn.Dense(self.hidden)(h))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(DIM)(h) / sigma


def langevin(model, params, x0, key, eps=1e-2):
    sigmas = jnp.geomspace(1.0, 0.05, N_STEPS)
    noises = jnp.zeros((N_STEPS, DIM))

    def body(i, state):
        x, noises = state
        sigma = sigmas[i]
        score = model.apply(params, x, sigma)
        z = jax.random.normal(key, x.shape)
        step = eps * sigma**2
        x = x + step * score + jnp.sqrt(2.0 * step) * z
        return x, noises.at[i].set(z)

    return lax.fori_loop(0, N_STEPS, body, (x0, noises))


def main():
    model = ScoreNet()
    params = model.init(jax.random.key(0), jnp.zeros(DIM), jnp.float32(1.0))
    x0 = jax.random.normal(jax.random.key(1), (DIM,))
    sample, noises = langevin(model, params, x0, jax.random.key(2))
    print("sample", sample)
    return noises  # the Langevin noise drawn at each step
