# label: same-values
# flax-error: none
# class: 4 Vocoder.synthesize runs a fori_loop whose body calls self._strategy.excite, the NoiseExcitation picked at construction, which reuses the key it drew once from rngs.excitation
"""Neural source-filter vocoder: the excitation source is a strategy chosen when the vocoder
is built (pulse train or noise); a learned filter shapes each frame from its mel features."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

HOP = 32
N_MELS = 8


class FilterNet(nnx.Module):
    def __init__(self, rngs):
        self.gain = nnx.Linear(N_MELS, HOP, rngs=rngs)

    def __call__(self, mel, excitation):
        return nnx.sigmoid(self.gain(mel)) * excitation


class PulseExcitation:
    def __init__(self, rngs, period=8):
        self.period = period

    def excite(self, frame_idx):
        return (jnp.arange(HOP) % self.period == 0).astype(jnp.float32)


class NoiseExcitation:
    def __init__(self, rngs, scale=0.3):
        self.key = rngs.excitation()
        self.scale = scale

    def excite(self, frame_idx):
        return self.scale * jax.random.normal(self.key, (HOP,))


EXCITATIONS = {"pulse": PulseExcitation, "noise": NoiseExcitation}


class Vocoder:
    def __init__(self, source: str, rngs: nnx.Rngs):
        self.filter = FilterNet(rngs)
        self._strategy = EXCITATIONS[source](rngs)

    def synthesize(self, mels):
        n_frames = mels.shape[0]

        def frame(i, bufs):
            wave, exc = bufs
            e = self._strategy.excite(i)
            return wave.at[i].set(self.filter(mels[i], e)), exc.at[i].set(e)

        init = (jnp.zeros((n_frames, HOP)), jnp.zeros((n_frames, HOP)))
        return lax.fori_loop(0, n_frames, frame, init)


def main():
    mels = jax.random.normal(jax.random.key(0), (6, N_MELS))
    vocoder = Vocoder("noise", nnx.Rngs(params=0, excitation=1))
    _, excitation = vocoder.synthesize(mels)
    return excitation
