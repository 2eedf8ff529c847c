# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build_model() factory wraps ProbeBlock in nn.remat; the remat-wrapped submodule is called inside the module's scan body
"""Ice-road trucking: estimate ice thickness along a route from ground-penetrating radar segments."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class ProbeBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, segment):
        return nn.tanh(nn.Dense(self.width, name="mix")(h) + segment)


class ThicknessModel(nn.Module):
    width: int
    block_cls: type = ProbeBlock

    def setup(self):
        self.block = self.block_cls(self.width)
        self.head = nn.Dense(1)

    def __call__(self, segments):
        h0 = jnp.zeros(segments.shape[1:])
        # Prime the block and the head (and their parameters) on the first segment before the sweep.
        h0 = self.block(h0, segments[0])
        first = self.head(h0)[..., 0]

        def body(h, segment):
            h = self.block(h, segment)
            return h, self.head(h)[..., 0]

        _, thickness = scan(body, h0, segments[1:])
        return jnp.concatenate([first[None], thickness])


def build_model(width: int, checkpointed: bool) -> ThicknessModel:
    """Long routes are swept with rematerialised blocks to keep activation memory flat."""
    block = nn.remat(ProbeBlock) if checkpointed else ProbeBlock
    return ThicknessModel(width=width, block_cls=block)


def main():
    route_km, lanes, width = 9, 2, 8
    segments = jnp.sin(jnp.arange(route_km * lanes * width, dtype=jnp.float32)).reshape(route_km, lanes, width)
    model = build_model(width, checkpointed=True)
    variables = model.init(jax.random.key(3), segments)
    thickness = model.apply(variables, segments)
    float(jnp.min(thickness))
    return None
