# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 jax.checkpoint wraps a step closure at the lax.scan call site; the step calls a method that writes a 'cache' collection applied as mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvStateCell(nn.Module):
    """Causal depthwise conv over a stream, keeping the last `width` frames in a cache."""
    features: int = 8
    width: int = 4

    @nn.compact
    def __call__(self, frame):
        buf = self.variable("cache", "frames", jnp.zeros, (self.width, self.features))
        kernel = self.param("kernel", nn.initializers.normal(0.1), (self.width, self.features))
        window = jnp.concatenate([buf.value[1:], frame[None]], axis=0)
        buf.value = window
        return jnp.sum(window * kernel, axis=0)


class StreamingDecoder(nn.Module):
    def setup(self):
        self.conv = ConvStateCell()
        self.proj = nn.Dense(8)

    def __call__(self, frame):
        return self.proj(nn.silu(self.conv(frame)))

    def _step(self, carry, frame):
        return carry + 1, self(frame)

    def stream(self, frames):
        step = jax.checkpoint(lambda c, f: self._step(c, f))
        _, ys = jax.lax.scan(step, 0, frames)
        return ys


def main():
    model = StreamingDecoder()
    frames = jax.random.normal(jax.random.key(0), (12, 8))
    variables = model.init(jax.random.key(1), frames[0])
    ys, updated = model.apply(variables, frames, method=StreamingDecoder.stream, mutable=["cache"])
    model.apply({"params": variables["params"], **updated}, frames[0], mutable=["cache"])
    return None
