# label: ok
# flax-error: none
# class: 4 inside nnx.jit, the solver's lax.while_loop body carries the iteration count and residual in its state and _record writes the SolverStats after the loop
"""Deep equilibrium classifier: the hidden state is the fixed point of a weight-tied layer."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class DEQConfig:
    in_dim: int = 10
    hidden: int = 24
    n_classes: int = 4
    tol: float = 1e-4
    max_iter: int = 40
    damping: float = 0.5


class SolverStats(nnx.Variable):
    pass


class FixedPointSolver(nnx.Module):
    def __init__(self, cfg):
        self.cfg = cfg
        self.n_iter = SolverStats(jnp.zeros((), jnp.int32))
        self.residual = SolverStats(jnp.zeros(()))

    def _record(self, n, res):
        self.n_iter[...] = self.n_iter[...] + n
        self.residual[...] = res

    def _iterate(self, f, state):
        i, z, _ = state
        z_new = (1.0 - self.cfg.damping) * z + self.cfg.damping * f(z)
        res = jnp.linalg.norm(z_new - z) / (jnp.linalg.norm(z) + 1e-8)
        return i + 1, z_new, res

    def solve(self, f, z0):
        cond = lambda s: (s[0] < self.cfg.max_iter) & (s[2] > self.cfg.tol)
        n, z, res = jax.lax.while_loop(cond, lambda s: self._iterate(f, s), (0, z0, jnp.inf))
        self._record(n, res)
        return z


class DEQLayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.inject = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.W = nnx.Linear(cfg.hidden, cfg.hidden, use_bias=False,
                            kernel_init=nnx.initializers.orthogonal(0.5), rngs=rngs)
        self.norm = nnx.LayerNorm(cfg.hidden, rngs=rngs)

    def __call__(self, z, x_inj):
        return self.norm(jnp.tanh(self.W(z) + x_inj))


class DEQClassifier(nnx.Module):
    def __init__(self, cfg, rngs):
        self.layer = DEQLayer(cfg, rngs)
        self.solver = FixedPointSolver(cfg)
        self.head = nnx.Linear(cfg.hidden, cfg.n_classes, rngs=rngs)

    def __call__(self, x):
        x_inj = self.layer.inject(x)
        z_star = self.solver.solve(lambda z: self.layer(z, x_inj), jnp.zeros_like(x_inj))
        return self.head(z_star)


@nnx.jit
def predict(model, x):
    return jnp.argmax(model(x), axis=-1)


def main():
    cfg = DEQConfig()
    model = DEQClassifier(cfg, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (5, cfg.in_dim))
    labels = predict(model, x)
    print(labels, model.solver.n_iter[...])
    return None
