# label: ok
# flax-error: none
# class: 2 the cell bound to a local is called once before the raw scan (creating its params), then reused inside the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Forecaster(nn.Module):
    width: int = 10
    horizon: int = 6

    @nn.compact
    def __call__(self, x_last):
        cell = nn.LSTMCell(self.width)
        head = nn.Dense(x_last.shape[-1])
        carry = cell.initialize_carry(jax.random.key(0), x_last.shape)
        carry, y = cell(carry, x_last)
        first = head(y)

        def roll(state, _):
            c, x = state
            c, y = cell(c, x)
            pred = head(y)
            return (c, pred), pred

        _, preds = lax.scan(roll, (carry, first), None, length=self.horizon)
        return preds


def main():
    model = Forecaster()
    x = jnp.ones((4, 3))
    variables = model.init(jax.random.key(1), x)
    preds = model.apply(variables, x)
    print(preds.shape)
    return None
