# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls streamer.enhancer.step(), a module bound with model.bind(variables, mutable=["cache"]) kept as an attribute; its cache update leaks
"""Speech enhancement, streaming inference: a causal enhancer keeps its recurrent state in a
"cache" collection so that audio can be processed chunk by chunk. The streamer binds the model
once (model.bind(variables, mutable=["cache"])) and steps through the frames of a chunk with a
raw jax.lax.scan; the next chunk then continues from the cached state.

Modelled on "UnexpectedTracerError when using a bound module inside lax.scan" reports about
cached decoding."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

N_FREQ = 12
HIDDEN = 24


class CausalEnhancer(nn.Module):
    @nn.compact
    def step(self, frame):
        state = self.variable("cache", "h", jnp.zeros, (HIDDEN,))
        h = jnp.tanh(nn.Dense(HIDDEN, name="inp")(frame) + nn.Dense(HIDDEN, name="rec")(state.value))
        state.value = h
        return nn.sigmoid(nn.Dense(N_FREQ, name="mask")(h)) * frame


class Streamer:
    def __init__(self, model, variables):
        self.enhancer = model.bind(variables, mutable=["cache"])

    def process(self, chunk):
        def body(carry, frame):
            return carry, self.enhancer.step(frame)

        _, out = lax.scan(body, None, chunk)
        return out


def main():
    model = CausalEnhancer()
    audio = jnp.abs(jax.random.normal(jax.random.key(0), (2, 5, N_FREQ)))  # two chunks of 5 frames
    variables = model.init(jax.random.key(1), audio[0, 0], method=CausalEnhancer.step)
    streamer = Streamer(model, variables)
    first = streamer.process(audio[0])
    second = streamer.process(audio[1])  # continues from the cached state
    print("output energy", float(jnp.sum(first**2) + jnp.sum(second**2)))
