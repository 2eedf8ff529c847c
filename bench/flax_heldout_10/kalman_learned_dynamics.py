# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense and self.param created inline in the raw scan body kf_step of a compact __call__
"""Kalman filter whose transition matrix and noise are Linen submodules built inside the step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class LearnedKF(nn.Module):
    n: int = 3
    m: int = 2

    @nn.compact
    def __call__(self, ys):
        H = self.param("H", nn.initializers.normal(0.3), (self.m, self.n))
        R = 0.1 * jnp.eye(self.m)
        mu0, P0 = jnp.zeros(self.n), jnp.eye(self.n)

        def kf_step(carry, y):
            mu, P = carry
            F = jnp.eye(self.n) + nn.Dense(self.n, use_bias=False, name="F")(jnp.eye(self.n))
            q = nn.softplus(self.param("q_raw", nn.initializers.zeros, (self.n,)))
            mu, P = F @ mu, F @ P @ F.T + jnp.diag(q)
            S = H @ P @ H.T + R
            K = P @ H.T @ jnp.linalg.inv(S)
            mu = mu + K @ (y - H @ mu)
            P = (jnp.eye(self.n) - K @ H) @ P
            return (mu, P), mu

        _, mus = scan(kf_step, (mu0, P0), ys)
        return mus


def main():
    kf = LearnedKF()
    ys = jnp.ones((7, 2))
    variables = kf.init(jax.random.key(0), ys)
    mus = kf.apply(variables, ys)
    return None
