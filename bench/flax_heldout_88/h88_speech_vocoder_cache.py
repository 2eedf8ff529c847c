# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a VocoderWrapper holds a module bound with mutable cache; the synthesis service's raw lax.scan body calls the wrapper, which writes the cache, and the service reads the cache afterwards
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ARVocoder(nn.Module):
    frame: int = 16

    @nn.compact
    def __call__(self, mel):
        prev = self.variable("cache", "prev_frame", jnp.zeros, (mel.shape[0], self.frame))
        h = nn.Dense(32)(jnp.concatenate([mel, prev.value], axis=-1))
        out = jnp.tanh(nn.Dense(self.frame)(nn.relu(h)))
        prev.value = out
        return out


class VocoderWrapper:
    def __init__(self, module, variables):
        self._bound = module.bind(variables, mutable=["cache"])

    def __call__(self, mel):
        return self._bound(mel)

    def last_frame(self):
        return self._bound.variables["cache"]["prev_frame"]


class SpeechService:
    def __init__(self, vocoder):
        self.vocoder = vocoder

    def synthesize(self, mels):
        def step(carry, mel):
            return carry, self.vocoder(mel)

        _, audio = lax.scan(step, None, mels)
        tail = self.vocoder.last_frame()
        return jnp.concatenate([jnp.swapaxes(audio, 0, 1).reshape(mels.shape[1], -1), tail * 0.5], axis=-1)


def main():
    mels = jnp.ones((6, 2, 8))
    module = ARVocoder()
    variables = module.init(jax.random.key(0), mels[0])
    SpeechService(VocoderWrapper(module, variables)).synthesize(mels)
    return None
