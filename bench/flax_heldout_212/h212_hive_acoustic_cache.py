# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an encoder built from a decorator registry is bound with mutable=['cache'] by a StreamSession inside a HiveMonitor; the while_loop body calls monitor.session.encode, which updates the 'cache' collection
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
        self.bound = model.bind(variables, mutable=["cache"])

    def encode(self, chunk):
        return self.bound(chunk)

    def export_cache(self):
        return float(jnp.linalg.norm(self.bound.variables["cache"]["ema"]))


class HiveMonitor:
    def __init__(self, encoder_name: str, sample_chunk, seed: int = 0):
        model = ENCODERS[encoder_name]()
        variables = model.init(jax.random.key(seed), sample_chunk)
        self.session = StreamSession(model, variables)

    def listen(self, chunks):
        def more(state):
            return state[0] < chunks.shape[0]

        def step(state):
            i, energy = state
            code = self.session.encode(chunks[i])
            return i + 1, energy + jnp.square(code).sum()

        _, energy = jax.lax.while_loop(more, step, (0, jnp.zeros(())))
        return energy, self.session.export_cache()


def main():
    chunks = jax.random.normal(jax.random.key(0), (6, 2, 40))
    monitor = HiveMonitor("hive_fft", chunks[0])
    monitor.listen(chunks)
    return None
