# label: ok
# flax-error: none
# class: 3 MoE layer returns its load to the scan step method; the load is stacked as scan output and sown after the loop
"""Recurrent session encoder with a mixture-of-experts feed-forward layer.

The router's per-expert load is recorded so that the trainer can add the
usual load-balancing penalty to the task loss.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    dim: int = 16
    n_experts: int = 4
    seq_len: int = 6


class MoELayer(nn.Module):
    cfg: MoEConfig

    def setup(self):
        self.router = nn.Dense(self.cfg.n_experts)
        self.experts = [nn.Dense(self.cfg.dim, name=f"expert_{i}") for i in range(self.cfg.n_experts)]

    def __call__(self, h):
        gates = jax.nn.softmax(self.router(h), -1)
        outs = jnp.stack([e(h) for e in self.experts], -2)
        return jnp.einsum("be,bed->bd", gates, outs), gates.mean(0)


class SessionEncoder(nn.Module):
    cfg: MoEConfig

    def setup(self):
        self.inp = nn.Dense(self.cfg.dim)
        self.moe = MoELayer(self.cfg)

    def _step(self, h, x_t):
        mixed, load = self.moe(h)
        h = jnp.tanh(self.inp(x_t) + mixed)
        return h, (h, load)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.cfg.dim))
        h, (_, load0) = self._step(h0, xs[0])
        h, (hs, loads) = lax.scan(self._step, h, xs[1:])
        self.sow("intermediates", "expert_load", jnp.concatenate([load0[None], loads]).mean(0))
        return hs[-1]


def balance_penalty(intermediates, n_experts):
    loads = jnp.stack(jax.tree.leaves(intermediates))
    return n_experts * jnp.sum(loads.mean(0) ** 2)


def loss_fn(model, params, xs, targets):
    h, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    task = jnp.mean((h.sum(-1) - targets) ** 2)
    return task + 0.01 * balance_penalty(state["intermediates"], model.cfg.n_experts)


def main():
    cfg = MoEConfig()
    xs = jax.random.normal(jax.random.key(0), (cfg.seq_len, 5, 8))
    model = SessionEncoder(cfg)
    params = model.init(jax.random.key(1), xs)["params"]
    loss, grads = jax.value_and_grad(lambda p: loss_fn(model, p, xs, jnp.zeros(5)))(params)
    float(loss)
    return None
