# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a self.variable('state', 'h') is written inside the raw fori_loop body within apply(mutable=['state'])
"""Stateful RNN for streaming inference: the hidden state lives in a 'state' collection so it
persists across calls, and the frames of a chunk are consumed with jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn

H, FRAMES, F = 12, 5, 4


class StreamingRNN(nn.Module):
    @nn.compact
    def __call__(self, frames):
        cell = nn.SimpleCell(H)
        hidden = self.variable("state", "h", jnp.zeros, (frames.shape[1], H))
        if self.is_initializing():
            cell(hidden.value, frames[0])
            return hidden.value

        def consume(t, out):
            h, y = cell(hidden.value, frames[t])
            hidden.value = h
            return out.at[t].set(y)

        out = jnp.zeros((frames.shape[0], frames.shape[1], H))
        return jax.lax.fori_loop(0, frames.shape[0], consume, out)


def main():
    frames = jax.random.normal(jax.random.key(0), (FRAMES, 2, F))
    model = StreamingRNN()
    variables = model.init(jax.random.key(1), frames)
    out, state = model.apply(variables, frames, mutable=["state"])
    variables = {**variables, **state}
    out, state = model.apply(variables, frames, mutable=["state"])
    out.block_until_ready()
    return None
