# label: ok
# flax-error: none
# class: 1 lifted nn.remat_scan stacks twelve residual blocks with O(sqrt N) memory
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    @nn.compact
    def __call__(self, h):
        return h + 0.1 * nn.gelu(nn.Dense(h.shape[-1])(nn.LayerNorm()(h)))


class DeepResMLP(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.width)(x)
        Stack = nn.remat_scan(ResBlock, lengths=(3, 4))
        h = Stack(name="trunk")(h)
        return nn.Dense(1)(h)


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (5, 7))
    model = DeepResMLP()
    params = model.init(jax.random.PRNGKey(1), x)
    g = jax.grad(lambda p: jnp.mean(model.apply(p, x) ** 2))(params)
    jax.tree.leaves(g)[0].block_until_ready()
    return None
