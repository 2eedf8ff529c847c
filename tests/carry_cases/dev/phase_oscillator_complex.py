# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 phasor rotated by exp(1j*omega*dt) stored back into a float32 carry (complex into real)
import jax.numpy as jnp
from jax import lax


def main():
    omegas = jnp.linspace(0.1, 1.0, 16)
    dt = 0.01

    def rotate(z, _):
        z = z * jnp.exp(1j * omegas * dt)
        return z, jnp.abs(z)

    z0 = jnp.ones(16, dtype=jnp.float32)
    z, amps = lax.scan(rotate, z0, None, length=50)
    return amps
