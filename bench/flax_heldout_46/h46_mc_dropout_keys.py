# label: ok
# flax-error: none
# class: 4 module-level mc_predict gets apply_fn; dropout keys split up front and fed to the lax.scan body as xs
"""MC-dropout predictive uncertainty: T stochastic forward passes of a dropout MLP."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DropoutMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def mc_predict(apply_fn, variables, x, rng, num_samples=8):
    def sample(_, key):
        y = apply_fn(variables, x, deterministic=False, rngs={"dropout": key})
        return None, y

    _, ys = jax.lax.scan(sample, None, jax.random.split(rng, num_samples))
    return ys


def main():
    model = DropoutMLP()
    x = jnp.linspace(-1, 1, 6)[:, None]
    variables = model.init(jax.random.key(0), x)
    samples = mc_predict(model.apply, variables, x, jax.random.key(1))
    return samples
