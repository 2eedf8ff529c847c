# label: ok
# flax-error: none
# class: 4 a block whose `norm` field a module-level factory fills (nn.LayerNorm), called once then in a scan lambda
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    norm: type

    @nn.compact
    def __call__(self, x):
        return x + self.norm()(x)


def make(norm):
    return ResBlock(norm=norm)


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        block = make(nn.LayerNorm)
        x = block(x)
        return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]


def main():
    x = jnp.arange(8.0).reshape(2, 4)
    model = Net()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    jax.tree.map(lambda a: a + 0, model.apply(variables, x))
