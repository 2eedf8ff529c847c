# label: same-values
# flax-error: none
# class: 1 nn.Dropout submodule called inside a raw lax.scan over Monte Carlo samples; the dropout rng is drawn once when the body is traced
"""MC dropout (Gal & Ghahramani): T stochastic forward passes, return the dropout masks per pass."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCDropoutMLP(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, n_samples: int = 6):
        h = nn.relu(nn.Dense(self.hidden)(x))
        drop = nn.Dropout(self.rate, deterministic=False)

        def one_pass(_, __):
            masked = drop(jnp.ones_like(h))
            return None, masked

        _, masks = jax.lax.scan(one_pass, None, None, length=n_samples)
        return masks


def main():
    x = jnp.ones((3, 4))
    model = MCDropoutMLP()
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    masks = model.apply(params, x, rngs={"dropout": jax.random.key(2)})
    return masks
