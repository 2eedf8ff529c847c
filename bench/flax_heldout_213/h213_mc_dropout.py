# label: same-values
# flax-error: none
# class: 2 a bound model (model.bind with one dropout rng) held in a local of main is called in the scan body
"""MC dropout uncertainty with a raw lax.scan over the stochastic forward passes.

The model is bound once with a dropout key and the bound module is closed over by the scan
body, expecting a fresh dropout mask for each of the T passes."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_SAMPLES = 8


class MLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def predictive(preds):
    return preds.mean(axis=0), preds.std(axis=0)


def main():
    model = MLP()
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    bound = model.bind(variables, rngs={"dropout": jax.random.PRNGKey(1)})

    def one_pass(carry, _):
        y = bound(x)
        return carry, y[:, 0]

    _, preds = lax.scan(one_pass, None, None, length=N_SAMPLES)
    mean, std = predictive(preds)
    print("mean", mean[:4], "std", std[:4])
    return preds
