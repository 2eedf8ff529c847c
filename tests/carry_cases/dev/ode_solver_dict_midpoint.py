# label: ok
# jax-error: none
# class: 4 integrator body picked from a dict by name; the midpoint entry keeps the state shape
import jax.numpy as jnp
from jax import lax


def vector_field(y):
    return jnp.array([y[1], -y[0]])


def euler(y, dt):
    return y + dt * vector_field(y), y


def midpoint(y, dt):
    k1 = vector_field(y)
    k2 = vector_field(y + 0.5 * dt * k1)
    return y + dt * k2, y


SOLVERS = {"euler": euler, "midpoint": midpoint}


def main(method="midpoint"):
    dts = jnp.full(20, 0.05)
    y, ys = lax.scan(SOLVERS[method], jnp.array([1.0, 0.0]), dts)
    return ys
