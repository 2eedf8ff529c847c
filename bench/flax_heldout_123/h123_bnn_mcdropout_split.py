# label: ok
# flax-error: none
# class: 2 the dropout key local to main is split into one key per sample and scanned over as xs
"""Bayesian deep learning with MC dropout, fixed: the dropout key is split into one key per
predictive sample and the keys are the xs of the scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn

NUM_SAMPLES = 10


class MCDropoutMLP(nn.Module):
    hidden: int = 64
    rate: float = 0.2

    @nn.compact
    def __call__(self, x, train: bool):
        for _ in range(2):
            x = nn.relu(nn.Dense(self.hidden)(x))
            x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def main():
    model = MCDropoutMLP()
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    params_key, dropout_key = jax.random.split(jax.random.PRNGKey(0))
    variables = model.init(params_key, x, train=False)

    def draw(carry, key):
        y = model.apply(variables, x, train=True, rngs={"dropout": key})
        return carry, y

    keys = jax.random.split(dropout_key, NUM_SAMPLES)
    _, preds = jax.lax.scan(draw, None, keys)
    mean, std = preds.mean(0), preds.std(0)
    del mean, std
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).max())
