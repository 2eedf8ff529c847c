# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 fori_loop CG body calls a make_matvec() closure -> kernel.gram, which memoises the Gram matrix in a plain dict attribute of the nnx kernel
"""Exact Gaussian-process regression with conjugate-gradient solves.

The representer weights are obtained with a fixed number of CG iterations;
the Gram matrix of the training inputs is memoised on the kernel so the
predictive variance can reuse it.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class GPConfig:
    n_train: int = 20
    noise: float = 0.1
    cg_iters: int = 12


class RBFKernel(nnx.Module):
    def __init__(self):
        self.log_lengthscale = nnx.Param(jnp.log(jnp.array(0.5)))
        self.log_variance = nnx.Param(jnp.zeros(()))
        self.cache = {}

    def __call__(self, a, b):
        d2 = (a[:, None, 0] - b[None, :, 0]) ** 2
        return jnp.exp(self.log_variance[...]) * jnp.exp(-0.5 * d2 / jnp.exp(2 * self.log_lengthscale[...]))

    def gram(self, x, tag):
        if tag not in self.cache:
            self.cache[tag] = self(x, x)
        return self.cache[tag]


def make_matvec(kernel, x, noise):
    return lambda v: kernel.gram(x, "train") @ v + noise * v


def conjugate_gradient(matvec, b, iters):
    def body(_, state):
        x, r, p, rs = state
        ap = matvec(p)
        alpha = rs / (p @ ap)
        x, r = x + alpha * p, r - alpha * ap
        rs_new = r @ r
        return x, r, r + (rs_new / rs) * p, rs_new
    x, *_ = fori_loop(0, iters, body, (jnp.zeros_like(b), b, b, b @ b))
    return x


class ExactGP(nnx.Module):
    def __init__(self, cfg: GPConfig):
        self.cfg = cfg
        self.kernel = RBFKernel()

    def fit(self, x, y):
        self.x_train = nnx.data(x)
        matvec = make_matvec(self.kernel, x, self.cfg.noise)
        self.alpha = nnx.data(conjugate_gradient(matvec, y, self.cfg.cg_iters))

    def predict(self, xs):
        k_star = self.kernel(xs, self.x_train)
        gram = self.kernel.gram(self.x_train, "train") + self.cfg.noise * jnp.eye(self.cfg.n_train)
        var = jnp.diag(self.kernel(xs, xs)) - jnp.sum(k_star * jnp.linalg.solve(gram, k_star.T).T, -1)
        return k_star @ self.alpha, var


def main():
    cfg = GPConfig()
    x = jnp.linspace(-3, 3, cfg.n_train)[:, None]
    y = jnp.sin(x[:, 0]) + 0.05 * jax.random.normal(jax.random.key(0), (cfg.n_train,))
    gp = ExactGP(cfg)
    gp.fit(x, y)
    mean, var = gp.predict(jnp.linspace(-3, 3, 7)[:, None])
    float(mean.sum() + var.sum())
    return None
