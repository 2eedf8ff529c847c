# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 probe_adapter() keeps a local list of activations; the scan body appends each step's adapter output to it and the list is stacked after the loop
"""Adapter debugging for a speech-to-intent model: probing a LoRA adapter's activations.

The adapter wraps a frozen base projection with a low-rank update. The probe walks the frames
of an utterance with a scan (the recurrent state is the running pooled embedding) and keeps the
adapter's per-frame outputs so the debugging notebook can plot their norms.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class LoRAAdapter(nnx.Module):
    def __init__(self, base: nnx.Linear, rank: int, *, rngs: nnx.Rngs):
        self.base = base
        self.down = nnx.Linear(base.in_features, rank, use_bias=False, rngs=rngs)
        self.up = nnx.Linear(rank, base.out_features, use_bias=False, rngs=rngs)
        self.scale = 0.5

    def __call__(self, x):
        return self.base(x) + self.scale * self.up(self.down(x))


def probe_adapter(adapter: LoRAAdapter, frames):
    activations = []

    def frame_step(pooled, frame):
        out = adapter(frame)
        activations.append(out)
        return 0.9 * pooled + 0.1 * out, None

    pooled, _ = jax.lax.scan(frame_step, jnp.zeros((frames.shape[1], adapter.base.out_features)), frames)
    norms = jnp.linalg.norm(jnp.stack(activations), axis=-1)
    return pooled, norms


def main():
    rngs = nnx.Rngs(0)
    base = nnx.Linear(12, 6, rngs=rngs)
    adapter = LoRAAdapter(base, rank=2, rngs=rngs)
    frames = jax.random.normal(jax.random.key(1), (10, 2, 12))
    pooled, norms = probe_adapter(adapter, frames)
    jax.block_until_ready((pooled, norms))
    return None
