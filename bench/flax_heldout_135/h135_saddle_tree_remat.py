# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the tree block is wrapped with nn.remat and called inside the raw lax.scan body of SaddleTreeStack (after a warm-up call outside the loop)
"""Saddlery: a stack of rematerialised blocks refines a saddle-tree flex map panel by panel,
scanning over the panels of the tree (pommel to cantle)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TreeBlock(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, panel):
        h = nn.Dense(self.width)(panel)
        return panel + nn.LayerNorm()(nn.gelu(h))


RematTreeBlock = nn.remat(TreeBlock)


class SaddleTreeStack(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, panels):
        block = RematTreeBlock(width=self.width)
        first = block(panels[0])

        def body(prev, panel):
            out = block(panel + 0.1 * prev)
            return out, out

        _, flex = jax.lax.scan(body, first, panels[1:])
        return jnp.concatenate([first[None], flex])


def fit_flex_map(model, panels, key):
    variables = model.init(key, panels)
    return model.apply(variables, panels)


def main():
    panels = jax.random.normal(jax.random.key(0), (5, 3, 6))  # 5 panels, 3 rows, 6 sensors
    fit_flex_map(SaddleTreeStack(), panels, jax.random.key(1))
    return None
