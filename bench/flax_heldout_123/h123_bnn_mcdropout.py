# label: same-values
# flax-error: none
# class: 2 the dropout key is a local of main closed over by the scan body and passed to every apply
"""Bayesian deep learning with MC dropout: draw predictive samples by scanning over the sample
index and calling model.apply(..., train=True, rngs={'dropout': key}) in the body with the key
closed over from main ("the predictive variance is exactly zero")."""
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

    def draw(carry, _):
        y = model.apply(variables, x, train=True, rngs={"dropout": dropout_key})
        return carry, y

    _, preds = jax.lax.scan(draw, None, None, length=NUM_SAMPLES)
    mean, std = preds.mean(0), preds.std(0)
    del mean, std
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).max())
