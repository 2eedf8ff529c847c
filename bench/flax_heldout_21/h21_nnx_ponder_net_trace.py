# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the lax.while_loop body calls _ponder_step, which records each halting probability in a plain PonderTrace object held by the module; the regulariser reads it after the loop
"""PonderNet: adaptive computation time with a learned halting distribution on a parity task."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PonderConfig:
    in_dim: int = 8
    hidden: int = 16
    max_steps: int = 8
    halt_eps: float = 0.05
    prior_lambda: float = 0.3


@dataclass
class PonderTrace:
    halting: list = field(default_factory=list)

    def record(self, lam):
        self.halting.append(lam)

    def reset(self):
        self.halting = []


class PonderNet(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.cell = nnx.GRUCell(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.halt = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.trace = PonderTrace()

    def _ponder_step(self, x, state):
        n, h, remaining, y_acc = state
        h, _ = self.cell(h, x)
        lam = jnp.where(n == self.cfg.max_steps - 1, 1.0, nnx.sigmoid(self.halt(h))[0])
        self.trace.record(lam)
        p_n = remaining * lam
        return n + 1, h, remaining * (1.0 - lam), y_acc + p_n * self.out(h)[0]

    def __call__(self, x):
        self.trace.reset()
        cond = lambda s: (s[0] < self.cfg.max_steps) & (s[2] > self.cfg.halt_eps)
        init = (0, jnp.zeros((self.cfg.hidden,)), jnp.ones(()), jnp.zeros(()))
        return jax.lax.while_loop(cond, lambda s: self._ponder_step(x, s), init)[3]


def geometric_kl(halting, prior_lambda):
    lams = jnp.stack(halting)
    remaining = jnp.concatenate([jnp.ones(1), jnp.cumprod(1.0 - lams)[:-1]])
    p = remaining * lams
    prior = prior_lambda * (1.0 - prior_lambda) ** jnp.arange(p.shape[0])
    return jnp.sum(p * (jnp.log(p + 1e-8) - jnp.log(prior)))


def main():
    cfg = PonderConfig()
    model = PonderNet(cfg, nnx.Rngs(0))
    x = (jax.random.uniform(jax.random.key(1), (cfg.in_dim,)) > 0.5).astype(jnp.float32)
    y_hat = model(x)
    target = jnp.sum(x) % 2
    loss = (y_hat - target) ** 2 + 0.01 * geometric_kl(model.trace.halting, cfg.prior_lambda)
    print(float(loss))
    return None
