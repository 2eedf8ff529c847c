# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 station.filter (an nnx.Module with a RunningStat Variable subclass) called in the fori_loop body, updating the statistic in place
"""Ocean buoy network: a wave-height filter keeps an exponential moving baseline of the
spectral bands; a station ingests the hour's spectra and flags rogue-wave candidates."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class RunningStat(nnx.Variable):
    """A statistic that is updated while serving, not trained."""


class WaveFilter(nnx.Module):
    def __init__(self, bands, decay=0.95, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(bands, bands, rngs=rngs)
        self.baseline = RunningStat(jnp.zeros((bands,)))
        self.decay = decay

    def __call__(self, spectrum):
        z = self.proj(spectrum)
        anomaly = jnp.linalg.norm(z - self.baseline[...])
        self.baseline[...] = self.decay * self.baseline[...] + (1 - self.decay) * z
        return anomaly


class BuoyStation:
    def __init__(self, station_id, bands):
        self.station_id = station_id
        self.filter = WaveFilter(bands, rngs=nnx.Rngs(station_id))

    def ingest(self, spectra, threshold=3.0):
        def reading(i, flags):
            score = self.filter(spectra[i])
            return flags.at[i].set(score > threshold)

        return lax.fori_loop(0, spectra.shape[0], reading, jnp.zeros(spectra.shape[0], bool))


def main():
    station = BuoyStation(station_id=41, bands=8)
    spectra = jnp.abs(jax.random.normal(jax.random.key(0), (30, 8)))
    flags = station.ingest(spectra)
    print("rogue candidates:", int(flags.sum()), "baseline:", station.filter.baseline[...])
    return None
