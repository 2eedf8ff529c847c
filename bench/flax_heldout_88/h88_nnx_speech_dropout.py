# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a synthesis service holds a vocoder wrapper around an NNX vocoder with nnx.Dropout and an nnx.Rngs stream; after model.train() the raw lax.scan body over mel frames calls it
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Vocoder(nnx.Module):
    def __init__(self, n_mels, hop, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_mels, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(64, hop, rngs=rngs)

    def __call__(self, mel):
        return jnp.tanh(self.out(self.drop(nnx.relu(self.proj(mel)))))


class VocoderWrapper:
    def __init__(self, vocoder, gain=0.9):
        self.vocoder = vocoder
        self.gain = gain

    def __call__(self, mel):
        return self.gain * self.vocoder(mel)


class SynthesisService:
    def __init__(self, wrapper):
        self.wrapper = wrapper

    def synthesize(self, mels):
        self.wrapper.vocoder.train()

        def frame(carry, mel):
            return carry, self.wrapper(mel)

        _, audio = lax.scan(frame, None, mels)
        return audio.reshape(-1)


def main():
    vocoder = Vocoder(20, 32, rngs=nnx.Rngs(params=0, dropout=1))
    SynthesisService(VocoderWrapper(vocoder)).synthesize(jnp.ones((7, 20)))
    return None
