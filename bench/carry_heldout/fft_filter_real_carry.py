# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 frequency-domain smoothing writes jnp.fft.ifft output (complex64) into a real float32 signal carry
import jax.numpy as jnp
from jax import lax


def main():
    kernel = jnp.exp(-jnp.arange(8.0))

    def smooth(signal, _):
        signal = jnp.fft.ifft(jnp.fft.fft(signal) * jnp.fft.fft(kernel))
        return signal, signal.real

    signal, _ = lax.scan(smooth, jnp.linspace(-1.0, 1.0, 8), None, length=3)
    return signal
