# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 a project-local constant() wrapping flax.struct.field(pytree_node=False) receives jnp.fft.rfftfreq at the call site
import jax
import jax.numpy as jnp
from flax import struct


def constant(default=None):
    return struct.field(pytree_node=False, default=default)


@struct.dataclass
class SpectralFilter:
    gains: jax.Array
    frequencies: jax.Array = constant()


@jax.jit
def lowpass(filt, signal):
    spectrum = jnp.fft.rfft(signal)
    return jnp.fft.irfft(spectrum * filt.gains * (filt.frequencies < 0.25), n=signal.shape[0])


def main():
    signal = jnp.sin(jnp.arange(8.0))
    for _ in range(3):
        lowpass(SpectralFilter(jnp.ones(5), frequencies=jnp.fft.rfftfreq(8)), signal)
