# label: ok
# flax-error: none
# class: 3 the lax.while_loop body calls _ponder_step, which writes each halting probability into a buffer in the loop state; the plain PonderTrace held by the module is filled after the loop
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

    def record_buffer(self, lams, n):
        for i in range(lams.shape[0]):
            self.record(jnp.where(i < n, lams[i], 0.0))

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
        n, h, remaining, y_acc, lams = state
        h, _ = self.cell(h, x)
        lam = jnp.where(n == self.cfg.max_steps - 1, 1.0, nnx.sigmoid(self.halt(h))[0])
        lams = lams.at[n].set(lam)
        p_n = remaining * lam
        return n + 1, h, remaining * (1.0 - lam), y_acc + p_n * self.out(h)[0], lams

    def __call__(self, x):
        self.trace.reset()
        cond = lambda s: (s[0] < self.cfg.max_steps) & (s[2] > self.cfg.halt_eps)
        init = (0, jnp.zeros((self.cfg.hidden,)), jnp.ones(()), jnp.zeros(()),
                jnp.zeros((self.cfg.max_steps,)))
        n, _, _, y, lams = jax.lax.while_loop(cond, lambda s: self._ponder_step(x, s), init)
        self.trace.record_buffer(lams, n)
        return y


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
