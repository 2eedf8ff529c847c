# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 integrator body picked from a dict; the rk2 entry averages its two slopes with keepdims=True, growing the state to (1, 2)
import jax.numpy as jnp
from jax import lax


def vector_field(y):
    return jnp.array([y[1], -y[0]])


def euler(y, dt):
    return y + dt * vector_field(y), y


def rk2(y, dt):
    k1 = vector_field(y)
    k2 = vector_field(y + dt * k1)
    return y + dt * jnp.stack([k1, k2]).mean(axis=0, keepdims=True), y


SOLVERS = {"euler": euler, "rk2": rk2}


def main():
    dts = jnp.full(20, 0.05)
    y, ys = lax.scan(SOLVERS["rk2"], jnp.array([1.0, 0.0]), dts)
    return ys
