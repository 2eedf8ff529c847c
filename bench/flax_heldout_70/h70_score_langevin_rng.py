# label: same-values
# flax-error: none
# class: 2 closure inside @nn.compact calls self.make_rng('sample') in the lax.scan body, so the key is drawn once at trace time
"""Annealed Langevin corrector (NCSN-style) written as a Linen module.

The score network is a submodule; the corrector loop runs inside __call__ with a raw scan over
noise levels. Returns the Langevin noise injected at each level.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class NCSNScore(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[..., :1])], -1)
        h = nn.elu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h) / sigma


class AnnealedLangevin(nn.Module):
    n_levels: int = 5
    step_lr: float = 2e-5

    @nn.compact
    def __call__(self, x):
        score = NCSNScore(name="score")
        sigmas = jnp.geomspace(1.0, 0.01, self.n_levels)
        # initial score, used for the gradient-norm log below
        g0 = score(x, sigmas[0])
        self.sow("intermediates", "init_grad_norm", jnp.linalg.norm(g0))

        def level(x, sigma):
            alpha = self.step_lr * (sigma / sigmas[-1]) ** 2
            noise = jax.random.normal(self.make_rng("sample"), x.shape)
            x = x + 0.5 * alpha * score(x, sigma) + jnp.sqrt(alpha) * noise
            return x, noise

        x, noises = scan(level, x, sigmas)
        return x, noises


def main():
    model = AnnealedLangevin()
    x = jnp.zeros((4, 2))
    variables = model.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, x)
    _, noises = model.apply(variables, x, rngs={"sample": jax.random.PRNGKey(2)})
    return noises
