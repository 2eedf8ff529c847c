# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 setup-style module calls its own submodule self.proj inside a raw lax.scan body during init
"""Frame-wise CTC decoder: a GRU-like cell defined in setup, unrolled over audio frames with lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CTCDecoder(nn.Module):
    hidden: int = 16
    vocab: int = 12  # blank + characters

    def setup(self):
        self.proj = nn.Dense(self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, frames):  # frames: [T, B, F]
        def step(h, frame):
            h = jnp.tanh(self.proj(jnp.concatenate([frame, h], -1)))
            return h, h

        h0 = jnp.zeros((frames.shape[1], self.hidden))
        _, hs = lax.scan(step, h0, frames)
        return jax.nn.log_softmax(self.out(hs), -1)


def main():
    frames = jnp.ones((20, 2, 8))
    model = CTCDecoder()
    variables = model.init(jax.random.PRNGKey(0), frames)
    log_probs = model.apply(variables, frames)
    greedy = jnp.argmax(log_probs, -1)
    greedy.block_until_ready()
    return None
