# label: ok
# flax-error: none
# class: 1 nn.RNN wrapper around a GRUCell instead of a hand-written scan
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.RNN(nn.GRUCell(features=16))(x)
        return nn.Dense(3)(h[:, -1])


def main():
    x = jnp.ones((4, 9, 5))
    model = Classifier()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
    return None
