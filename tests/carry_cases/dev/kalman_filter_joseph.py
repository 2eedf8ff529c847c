# label: ok
# jax-error: none
# class: 2 Kalman filter with the Joseph-form covariance update, carry shapes kept
import jax.numpy as jnp
from jax import lax

F = jnp.array([[1.0, 0.1], [0.0, 1.0]])
H = jnp.array([[1.0, 0.0]])
Q = 0.01 * jnp.eye(2)
R = jnp.array([[0.1]])


def kf_step(state, z):
    x, P = state
    x = F @ x
    P = F @ P @ F.T + Q
    S = H @ P @ H.T + R
    K = P @ H.T @ jnp.linalg.inv(S)
    x = x + K @ (z - H @ x)
    I_KH = jnp.eye(2) - K @ H
    P = I_KH @ P @ I_KH.T + K @ R @ K.T
    return (x, P), jnp.trace(P)


def main():
    zs = jnp.linspace(0.0, 1.0, 8).reshape(8, 1)
    (x, P), traces = lax.scan(kf_step, (jnp.zeros(2), jnp.eye(2)), zs)
    return traces
