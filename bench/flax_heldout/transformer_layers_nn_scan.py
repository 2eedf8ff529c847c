# label: ok
# flax-error: none
# class: 1 transformer layers stacked with nn.scan (params per layer on axis 0) instead of a raw scan
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, h, _):
        h = h + nn.MultiHeadDotProductAttention(num_heads=2)(nn.LayerNorm()(h))
        h = h + nn.Dense(self.dim)(nn.gelu(nn.Dense(4 * self.dim)(nn.LayerNorm()(h))))
        return h, None


class Encoder(nn.Module):
    depth: int = 3

    @nn.compact
    def __call__(self, x):
        Stack = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True}, length=self.depth)
        h, _ = Stack()(x, None)
        return h


def main():
    x = jnp.ones((2, 5, 8))
    enc = Encoder()
    variables = enc.init(jax.random.PRNGKey(0), x)
    enc.apply(variables, x)
