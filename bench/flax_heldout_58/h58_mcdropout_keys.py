# label: ok
# flax-error: none
# class: 1 nn.Dropout submodule inside a raw lax.scan over Monte Carlo samples, given one pre-split key per sample through xs (rng=)
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
        keys = jax.random.split(self.make_rng("dropout"), n_samples)

        def one_pass(_, key):
            masked = drop(jnp.ones_like(h), rng=key)
            return None, masked

        _, masks = jax.lax.scan(one_pass, None, keys)
        return masks


def main():
    x = jnp.ones((3, 4))
    model = MCDropoutMLP()
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    masks = model.apply(params, x, rngs={"dropout": jax.random.key(2)})
    return masks
