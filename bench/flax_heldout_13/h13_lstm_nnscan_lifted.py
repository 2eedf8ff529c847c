# label: ok
# flax-error: none
# class: 1 the LSTM cell is wrapped with the lifted nn.scan (variable_broadcast='params') instead of a raw lax.scan
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ScannedLSTM(nn.Module):
    features: int

    @functools.partial(
        nn.scan,
        variable_broadcast="params",
        in_axes=1,
        out_axes=1,
        split_rngs={"params": False},
    )
    @nn.compact
    def __call__(self, carry, x):
        return nn.OptimizedLSTMCell(self.features, name="cell")(carry, x)


class Seq2Vec(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, xs):
        xs = nn.Dense(self.features, name="embed")(xs)
        carry = nn.OptimizedLSTMCell(self.features, parent=None).initialize_carry(
            jax.random.key(0), xs[:, 0].shape)
        (c, h), ys = ScannedLSTM(self.features, name="lstm")(carry, xs)
        return nn.Dense(1, name="head")(h)


def main():
    model = Seq2Vec()
    xs = jax.random.normal(jax.random.key(3), (4, 7, 5))
    variables = model.init(jax.random.key(0), xs)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, xs)
    return None
