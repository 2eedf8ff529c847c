# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'DeepKernel' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the deep kernel memoizes its last features on a plain module attribute inside features(); the CG solver's while_loop body (a module-level loop wrapper) reaches it through a matvec closure
"""Deep-kernel Gaussian process in NNX: a learned feature map, an RBF kernel and a conjugate-gradient solve."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class GPConfig:
    in_dim: int = 1
    feature_dim: int = 4
    noise: float = 0.05
    tol: float = 1e-6
    max_iter: int = 30


class DeepKernel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.net = nnx.Sequential(nnx.Linear(cfg.in_dim, 16, rngs=rngs), nnx.tanh,
                                  nnx.Linear(16, cfg.feature_dim, rngs=rngs))
        self.log_lengthscale = nnx.Param(jnp.zeros(()))
        self.last_features = None

    def features(self, x):
        f = self.net(x)
        self.last_features = f
        return f

    def __call__(self, xa, xb):
        fa, fb = self.features(xa), self.features(xb)
        sq = jnp.sum((fa[:, None] - fb[None]) ** 2, -1)
        return jnp.exp(-0.5 * sq * jnp.exp(-2 * self.log_lengthscale[...]))


def conjugate_gradient(matvec, b, tol, max_iter):
    def cond(state):
        i, _, r, _ = state
        return (i < max_iter) & (r @ r > tol)

    def body(state):
        i, x, r, p = state
        ap = matvec(p)
        rr = r @ r
        alpha = rr / (p @ ap)
        x, r_new = x + alpha * p, r - alpha * ap
        return i + 1, x, r_new, r_new + (r_new @ r_new) / rr * p

    _, x, _, _ = jax.lax.while_loop(cond, body, (0, jnp.zeros_like(b), b, b))
    return x


class GPRegressor:
    def __init__(self, kernel, cfg):
        self.kernel, self.cfg = kernel, cfg

    def fit(self, x, y):
        matvec = lambda v: self.kernel(x, x) @ v + self.cfg.noise * v
        self.x_train = x
        self.alpha = conjugate_gradient(matvec, y, self.cfg.tol, self.cfg.max_iter)
        return self

    def predict(self, x_test):
        return self.kernel(x_test, self.x_train) @ self.alpha


def main():
    cfg = GPConfig()
    gp = GPRegressor(DeepKernel(cfg, nnx.Rngs(0)), cfg)
    x = jnp.linspace(-2.0, 2.0, 10)[:, None]
    mean = gp.fit(x, jnp.sin(2 * x[:, 0])).predict(jnp.linspace(-2.5, 2.5, 5)[:, None])
    mean.block_until_ready()
    return None
