# label: ok
# flax-error: none
# class: 4 an encoder built from a decorator registry is held by a StreamSession inside a HiveMonitor; the while_loop carries the 'cache' collection and the body calls monitor.session.encode(cache, chunk) with mutable=['cache']
"""Beehive acoustic monitoring: microphone chunks from a hive are encoded one by one; the
encoder keeps an exponential moving average of the spectrum to detect swarming hum."""
import jax
import jax.numpy as jnp
import flax.linen as nn

ENCODERS = {}


def register(name):
    def wrap(cls):
        ENCODERS[name] = cls
        return cls

    return wrap


@register("hive_fft")
class HiveAcousticEncoder(nn.Module):
    bins: int = 16
    decay: float = 0.9

    @nn.compact
    def __call__(self, chunk):
        spectrum = jnp.abs(jnp.fft.rfft(chunk))[..., : self.bins]
        ema = self.variable("cache", "ema", jnp.zeros, (self.bins,))
        ema.value = self.decay * ema.value + (1 - self.decay) * spectrum.mean(0)
        return nn.Dense(4)(jnp.log1p(spectrum - ema.value[None] + 1.0))


class StreamSession:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def encode(self, cache, chunk):
        code, updates = self.model.apply({"params": self.params, "cache": cache}, chunk, mutable=["cache"])
        return code, updates["cache"]

    def export_cache(self):
        return float(jnp.linalg.norm(self.cache["ema"]))


class HiveMonitor:
    def __init__(self, encoder_name: str, sample_chunk, seed: int = 0):
        model = ENCODERS[encoder_name]()
        variables = model.init(jax.random.key(seed), sample_chunk)
        self.session = StreamSession(model, variables)

    def listen(self, chunks):
        def more(state):
            return state[0] < chunks.shape[0]

        def step(state):
            i, energy, cache = state
            code, cache = self.session.encode(cache, chunks[i])
            return i + 1, energy + jnp.square(code).sum(), cache

        _, energy, cache = jax.lax.while_loop(more, step, (0, jnp.zeros(()), self.session.cache))
        self.session.cache = cache
        return energy, self.session.export_cache()


def main():
    chunks = jax.random.normal(jax.random.key(0), (6, 2, 40))
    monitor = HiveMonitor("hive_fft", chunks[0])
    monitor.listen(chunks)
    return None
