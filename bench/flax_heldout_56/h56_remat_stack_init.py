# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a Linen encoder applies one nn.remat(Block) instance inside a raw jax.lax.scan over depth in its own __call__, so init creates the block's params inside the scan trace
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    width: int = 8
    depth: int = 3


class Block(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        return x + nn.Dense(self.width)(nn.gelu(nn.Dense(self.width * 2)(h)))


RematBlock = nn.remat(Block)


class SharedDepthEncoder(nn.Module):
    cfg: EncoderConfig

    @nn.compact
    def __call__(self, x):
        block = RematBlock(self.cfg.width, name="shared_block")

        def layer(h, _):
            return block(h), None

        h, _ = jax.lax.scan(layer, x, None, length=self.cfg.depth)
        return h


def build_encoder(cfg, key, sample):
    model = SharedDepthEncoder(cfg)
    return model, model.init(key, sample)


def main():
    cfg = EncoderConfig()
    x = jnp.ones((2, cfg.width))
    model, variables = build_encoder(cfg, jax.random.PRNGKey(0), x)
    model.apply(variables, x)
    return None
