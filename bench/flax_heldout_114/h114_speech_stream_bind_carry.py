# label: ok
# flax-error: none
# class: 3 the scan body calls streamer.step() with the params kept as an attribute; the cache collection travels in the carry and comes back from apply(mutable=["cache"])
"""Speech enhancement, streaming inference: a causal enhancer keeps its recurrent state in a
"cache" collection so that audio can be processed chunk by chunk, each chunk stepped through
with a raw jax.lax.scan; the next chunk continues from the cached state.

Twin of h114_speech_stream_bind.py: instead of a bound module, the cache is threaded through the
scan carry and returned from apply(..., mutable=["cache"])."""
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
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def step(self, cache, frame):
        out, updates = self.model.apply({"params": self.params, "cache": cache}, frame,
                                        method=CausalEnhancer.step, mutable=["cache"])
        return updates["cache"], out

    def process(self, chunk):
        self.cache, out = lax.scan(self.step, self.cache, chunk)
        return out


def main():
    model = CausalEnhancer()
    audio = jnp.abs(jax.random.normal(jax.random.key(0), (2, 5, N_FREQ)))  # two chunks of 5 frames
    variables = model.init(jax.random.key(1), audio[0, 0], method=CausalEnhancer.step)
    streamer = Streamer(model, variables)
    first = streamer.process(audio[0])
    second = streamer.process(audio[1])  # continues from the cached state
    print("output energy", float(jnp.sum(first**2) + jnp.sum(second**2)))
