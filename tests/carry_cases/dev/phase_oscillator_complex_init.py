# label: ok
# jax-error: none
# class: 1 phasor rotated by exp(1j*omega*dt) with a complex64 init
import jax.numpy as jnp
from jax import lax


def main():
    omegas = jnp.linspace(0.1, 1.0, 16)
    dt = 0.01

    def rotate(z, _):
        z = z * jnp.exp(1j * omegas * dt)
        return z, jnp.abs(z)

    z0 = jnp.ones(16, dtype=jnp.complex64)
    z, amps = lax.scan(rotate, z0, None, length=50)
    return amps
