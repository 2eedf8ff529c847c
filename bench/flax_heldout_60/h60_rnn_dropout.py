# label: same-values
# flax-error: none
# class: 3 nn.Dropout (make_rng('dropout')) called inside a hand-written jax.lax.scan over time
"""Variational-ish recurrent dropout: the LSTM step is unrolled with a raw scan and the
Dropout submodule draws its mask inside the body. Returns the masks per step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DropLSTM(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        cell = nn.OptimizedLSTMCell(self.hidden)
        drop = nn.Dropout(self.rate, deterministic=not train)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        cell(carry, xs[0])

        def step(carry, x):
            mask = drop(jnp.ones((x.shape[0], self.hidden)))
            (c, h), y = cell(carry, x)
            return (c, h * mask), mask

        _, masks = scan(step, carry, xs)
        return masks


def main():
    model = DropLSTM()
    xs = jnp.ones((5, 3, 4))
    variables = model.init(jax.random.key(0), xs, train=False)
    return model.apply(variables, xs, rngs={"dropout": jax.random.key(1)})
