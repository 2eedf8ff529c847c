# label: same-values
# flax-error: none
# class: 1 PipeVoicer.voice draws one key from the module's own nnx.Rngs 'tremolo' stream and then runs jax.lax.scan itself, using that key for the tremolo jitter of every sample
"""Pipe organ voicing assistant: sampled tremolo responses of one rank for a voicing setting."""
import jax
import jax.numpy as jnp
from flax import nnx


class PipeVoicer(nnx.Module):
    def __init__(self, n_controls: int, n_partials: int, rngs: nnx.Rngs):
        self.partials = nnx.Linear(n_controls, n_partials, rngs=rngs)
        self.rngs = rngs
        self.depth = 0.02

    def voice(self, controls, n_samples: int):
        key = self.rngs.tremolo()
        spectrum = nnx.softplus(self.partials(controls))

        def body(phase, i):
            jitter = self.depth * jax.random.normal(key, spectrum.shape)
            return phase + 0.25, spectrum * (1.0 + jitter)

        _, samples = jax.lax.scan(body, jnp.zeros(()), jnp.arange(n_samples))
        return samples


class VoicingSession:
    def __init__(self, rank_name: str, voicer: PipeVoicer):
        self.rank_name = rank_name
        self.voicer = voicer

    def audition(self, cut_up, wind_pressure, toe_hole):
        controls = jnp.array([cut_up, wind_pressure, toe_hole])
        return self.voicer.voice(controls, n_samples=6)


def main():
    voicer = PipeVoicer(3, 8, nnx.Rngs(params=0, tremolo=5))
    session = VoicingSession("Principal 8'", voicer)
    return session.audition(cut_up=0.25, wind_pressure=0.8, toe_hole=0.4)
