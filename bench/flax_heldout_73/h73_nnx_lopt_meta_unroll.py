# label: trace-context
# flax-error: TraceContextError: Cannot mutate Momentum from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 module-level unroll() receives the NNX learned optimizer; the raw lax.fori_loop body assigns its momentum nnx.Variable (lopt.momentum.value = ...) each inner step
"""Learned optimizer in NNX: a per-parameter MLP on (gradient, momentum, parameter) features,
unrolled for a few inner steps of linear regression to compute the meta-loss."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Momentum(nnx.Variable):
    pass


class MLPOptimizer(nnx.Module):
    def __init__(self, n_params, *, rngs: nnx.Rngs, beta=0.9):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)
        self.momentum = Momentum(jnp.zeros(n_params))
        self.beta = beta

    def __call__(self, w, g, m):
        feats = jnp.stack([g, m, w], -1)
        return 1e-2 * self.l2(nnx.gelu(self.l1(feats))).squeeze(-1)


def regression_loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def unroll(lopt, w0, x, y, n_steps):
    def inner_step(i, w):
        g = jax.grad(regression_loss)(w, x, y)
        lopt.momentum.value = lopt.beta * lopt.momentum.value + (1 - lopt.beta) * g
        return w - lopt(w, g, lopt.momentum.value)

    w = lax.fori_loop(0, n_steps, inner_step, w0)
    return regression_loss(w, x, y)


def main():
    dim = 8
    lopt = MLPOptimizer(dim, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (64, dim))
    y = x @ jnp.arange(dim, dtype=jnp.float32)
    meta_loss = unroll(lopt, jnp.zeros(dim), x, y, n_steps=10)
    jax.block_until_ready(meta_loss)
    return None


if __name__ == "__main__":
    main()
