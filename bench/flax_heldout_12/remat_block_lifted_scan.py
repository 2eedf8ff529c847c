# label: ok
# flax-error: none
# class: 4 nn.remat applied to the residual block class, then lifted with nn.scan over depth (params stacked per layer)
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResidualBlock(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, _):
        y = nn.LayerNorm()(x)
        y = nn.Dense(self.width)(nn.relu(nn.Dense(self.width * 2)(y)))
        return x + y, None


class DeepResNet(nn.Module):
    depth: int = 6

    @nn.compact
    def __call__(self, x):
        Stack = nn.scan(nn.remat(ResidualBlock), variable_axes={"params": 0},
                        split_rngs={"params": True}, length=self.depth)
        h, _ = Stack(name="blocks")(x, None)
        return nn.Dense(1)(h)


def main():
    model = DeepResNet()
    x = jnp.ones((2, 16))
    variables = model.init(jax.random.PRNGKey(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, x)
    jax.block_until_ready(out)
    return None
