# label: same-values
# flax-error: none
# class: 1 one make_rng key drawn before lax.scan and closed over by the body that samples RFF weights
"""Neural-GP hybrid: a learned feature map followed by random Fourier features, drawing
several prior function samples f ~ GP(0, k) on the same inputs, one per scan step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DeepKernelPrior(nn.Module):
    n_features: int = 64
    n_draws: int = 5
    lengthscale: float = 1.0

    @nn.compact
    def __call__(self, x):
        z = nn.tanh(nn.Dense(8)(x))
        key = self.make_rng("gp")

        def draw(carry, _):
            kw, kb, ka = jax.random.split(key, 3)
            omega = jax.random.normal(kw, (z.shape[-1], self.n_features)) / self.lengthscale
            phase = jax.random.uniform(kb, (self.n_features,), maxval=2 * jnp.pi)
            phi = jnp.sqrt(2.0 / self.n_features) * jnp.cos(z @ omega + phase)
            f = phi @ jax.random.normal(ka, (self.n_features,))
            return carry, f

        _, fs = lax.scan(draw, None, None, length=self.n_draws)
        return fs


def main():
    x = jnp.linspace(-2, 2, 12)[:, None]
    model = DeepKernelPrior()
    variables = model.init({"params": jax.random.key(0), "gp": jax.random.key(1)}, x)
    return model.apply(variables, x, rngs={"gp": jax.random.key(2)})
