# label: ok
# flax-error: none
# class: 5 t5x/big_vision-style scan_layers: nn.scan(nn.remat(EncoderBlock)) over a stacked layer axis
"""Shape from big_vision ViT / t5x `scan_layers=True`: the block is wrapped with nn.remat and lifted
nn.scan with variable_axes={'params': 0}, split_rngs={'params': True, 'dropout': True}."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class EncoderBlock(nn.Module):
    dim: int = 8
    dropout: float = 0.1

    @nn.compact
    def __call__(self, x, deterministic):
        y = nn.LayerNorm()(x)
        y = nn.SelfAttention(num_heads=2, deterministic=deterministic)(y)
        x = x + nn.Dropout(self.dropout)(y, deterministic)
        y = nn.Dense(self.dim)(nn.gelu(nn.Dense(2 * self.dim)(nn.LayerNorm()(x))))
        return x + y, None


class Encoder(nn.Module):
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = False):
        block = nn.remat(EncoderBlock, prevent_cse=False, static_argnums=(2,))
        stack = nn.scan(block, variable_axes={"params": 0},
                        split_rngs={"params": True, "dropout": True},
                        in_axes=nn.broadcast, length=self.depth)
        x, _ = stack(name="encoderblock")(x, not train)
        return nn.LayerNorm(name="encoder_norm")(x)


def main():
    model = Encoder()
    x = jnp.ones((2, 5, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(variables, x, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    jax.block_until_ready(y)
    return None
