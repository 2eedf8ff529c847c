# label: ok
# flax-error: none
# class: 3 the deep-kernel feature network and kernel params, created by the marginal-likelihood init, are read by a matvec helper inside the conjugate-gradient while_loop of posterior_mean()
"""Deep-kernel Gaussian process regression with a conjugate-gradient solver for the posterior mean."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GPConfig:
    feature_dim: int = 4
    cg_tol: float = 1e-6
    cg_max_iter: int = 40


class FeatureNet(nn.Module):
    out: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.out)(nn.tanh(nn.Dense(16)(x)))


class DeepKernelGP(nn.Module):
    cfg: GPConfig

    def setup(self):
        self.features = FeatureNet(self.cfg.feature_dim)
        self.log_lengthscale = self.param("log_lengthscale", nn.initializers.zeros, ())
        self.log_noise = self.param("log_noise", nn.initializers.constant(-2.0), ())

    def gram(self, xa, xb):
        fa, fb = self.features(xa), self.features(xb)
        sq = jnp.sum((fa[:, None] - fb[None]) ** 2, -1)
        return jnp.exp(-0.5 * sq / jnp.exp(2 * self.log_lengthscale))

    def _matvec(self, x, v):
        return self.gram(x, x) @ v + jnp.exp(self.log_noise) * v

    def __call__(self, x, y):
        k = self.gram(x, x) + jnp.exp(self.log_noise) * jnp.eye(x.shape[0])
        chol = jnp.linalg.cholesky(k)
        alpha = jax.scipy.linalg.cho_solve((chol, True), y)
        return -0.5 * y @ alpha - jnp.sum(jnp.log(jnp.diag(chol)))

    def posterior_mean(self, x, y, x_test):
        def cond(state):
            i, _, r, _ = state
            return (i < self.cfg.cg_max_iter) & (r @ r > self.cfg.cg_tol)

        def body(state):
            i, sol, r, p = state
            ap = self._matvec(x, p)
            rr = r @ r
            step = rr / (p @ ap)
            sol = sol + step * p
            r_new = r - step * ap
            return i + 1, sol, r_new, r_new + (r_new @ r_new) / rr * p

        init = (0, jnp.zeros_like(y), y, y)
        _, alpha, _, _ = jax.lax.while_loop(cond, body, init)
        return self.gram(x_test, x) @ alpha


def main():
    cfg = GPConfig()
    gp = DeepKernelGP(cfg)
    x = jnp.linspace(-2.0, 2.0, 12)[:, None]
    y = jnp.sin(2.0 * x[:, 0])
    variables = gp.init(jax.random.key(0), x, y)
    x_test = jnp.linspace(-2.5, 2.5, 7)[:, None]
    mean = gp.apply(variables, x, y, x_test, method=DeepKernelGP.posterior_mean)
    mean.block_until_ready()
    return None
