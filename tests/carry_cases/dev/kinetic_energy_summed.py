# label: ok
# jax-error: none
# class: 2 scalar energy accumulator gets jnp.sum(0.5 * p**2)
import jax.numpy as jnp
import jax.lax as lax


def main():
    dt = 0.01

    def leapfrog(state, _):
        q, p, energy = state
        p = p - 0.5 * dt * q
        q = q + dt * p
        p = p - 0.5 * dt * q
        energy = energy + jnp.sum(0.5 * p ** 2)
        return (q, p, energy), q

    init = (jnp.ones(3), jnp.zeros(3), jnp.float32(0.0))
    (q, p, e), qs = lax.scan(leapfrog, init, None, length=20)
    return qs
