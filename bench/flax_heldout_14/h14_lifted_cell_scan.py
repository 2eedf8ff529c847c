# label: ok
# flax-error: none
# class: 1 inline body function lifted with nn.scan (params broadcast), cell built from the lifted module
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class StackedRNN(nn.Module):
    features: int = 12

    @nn.compact
    def __call__(self, xs):
        def body(cell, carry, x):
            return cell(carry, x)

        scan = nn.scan(
            body,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=1,
            out_axes=1,
        )
        cell = nn.LSTMCell(self.features)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        carry, ys = scan(cell, carry, xs)
        return nn.Dense(2)(ys[:, -1])


def main():
    xs = jnp.ones((3, 7, 5))
    model = StackedRNN()
    variables = model.init(jax.random.PRNGKey(1), xs)
    variables = jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
    return None
