# label: same-values
# flax-error: none
# class: 1 one dropout key from the enclosing function is passed as rngs to apply at every scan step
"""Monte Carlo dropout uncertainty: N stochastic forward passes with lax.scan instead of a Python loop."""
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
    dropout_key = jax.random.key(7)

    def one_pass(_, __):
        y = model.apply(variables, x, train=True, rngs={"dropout": dropout_key})
        return None, y

    _, samples = lax.scan(one_pass, None, None, length=6)
    return samples
