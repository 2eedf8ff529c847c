# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 Kalman filter keeps only jnp.diag(P) of the covariance, shrinking the (2, 2) carry to (2,)
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
    P = jnp.diag((jnp.eye(2) - K @ H) @ P)
    return (x, P), x


def main():
    zs = jnp.linspace(0.0, 1.0, 8).reshape(8, 1)
    (x, P), xs = lax.scan(kf_step, (jnp.zeros(2), jnp.eye(2)), zs)
    return xs
