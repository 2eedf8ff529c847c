# label: ok
# flax-error: none
# class: 3 one dropout key per pass is split beforehand and scanned over as xs, passed as rngs to apply
"""Monte Carlo dropout uncertainty with lax.scan over pre-split dropout keys."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MLP(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    x = jnp.linspace(-1, 1, 10)[:, None]
    variables = model.init(jax.random.key(0), x)
    dropout_keys = jax.random.split(jax.random.key(7), 6)

    def one_pass(_, dropout_key):
        y = model.apply(variables, x, train=True, rngs={"dropout": dropout_key})
        return None, y

    _, samples = lax.scan(one_pass, None, dropout_keys)
    return samples
