# label: ok
# flax-error: none
# class: 1 `scan = nn.scan` at module level: the lifted scan over nn.GRUCell with broadcast params
import jax
import jax.numpy as jnp
import flax.linen as nn

scan = nn.scan


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, carry, xs):
        Cell = scan(nn.GRUCell, variable_broadcast="params", split_rngs={"params": False})
        return Cell(8)(carry, xs)


def main():
    carry = jnp.zeros((2, 8))
    xs = jnp.ones((5, 2, 8))
    model = Encoder()
    variables = model.init(jax.random.key(0), carry, xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, carry, xs)
    jax.tree.map(lambda a: a + 0, out)
