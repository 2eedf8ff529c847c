# label: ok
# jax-error: none
# class: 1 frequency-domain smoothing keeps .real of jnp.fft.ifft before storing into the float32 carry
import jax.numpy as jnp
from jax import lax


def main():
    kernel = jnp.exp(-jnp.arange(8.0))

    def smooth(signal, _):
        signal = jnp.fft.ifft(jnp.fft.fft(signal) * jnp.fft.fft(kernel)).real
        return signal, signal

    signal, _ = lax.scan(smooth, jnp.linspace(-1.0, 1.0, 8), None, length=3)
    return signal
