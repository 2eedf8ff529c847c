# label: trace-context
# flax-error: TraceContextError: Cannot mutate ExpertLoad from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the router's ExpertLoad Variable is updated inside a MoE layer of a shared block applied by an aliased fori_loop over depth, in a model run by an evaluator
"""Depth-recurrent mixture-of-experts in NNX: one shared block with top-1 routing applied several times."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ExpertLoad(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    d_model: int = 16
    num_experts: int = 4
    expert_hidden: int = 24
    depth: int = 3


class TopOneRouter(nnx.Module):
    def __init__(self, cfg, rngs):
        self.gate = nnx.Linear(cfg.d_model, cfg.num_experts, use_bias=False, rngs=rngs)
        self.load = ExpertLoad(jnp.zeros((cfg.num_experts,)))

    def __call__(self, x):
        probs = jax.nn.softmax(self.gate(x), -1)
        choice = jnp.argmax(probs, -1)
        self.load[...] = self.load[...] + jax.nn.one_hot(choice, probs.shape[-1]).sum((0, 1))
        return probs, choice


class MoELayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.router = TopOneRouter(cfg, rngs)
        self.w_in = nnx.Param(jax.random.normal(rngs.params(), (cfg.num_experts, cfg.d_model, cfg.expert_hidden)) * 0.1)
        self.w_out = nnx.Param(jax.random.normal(rngs.params(), (cfg.num_experts, cfg.expert_hidden, cfg.d_model)) * 0.1)

    def __call__(self, x):
        probs, choice = self.router(x)
        h = nnx.gelu(jnp.einsum("btd,btdh->bth", x, self.w_in[...][choice]))
        out = jnp.einsum("bth,bthd->btd", h, self.w_out[...][choice])
        return out * jnp.take_along_axis(probs, choice[..., None], -1)


class SharedBlock(nnx.Module):
    def __init__(self, cfg, rngs):
        self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
        self.moe = MoELayer(cfg, rngs)

    def __call__(self, x):
        return x + self.moe(self.norm(x))


class DepthRecurrentMoE(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.block = SharedBlock(cfg, rngs)
        self.head = nnx.Linear(cfg.d_model, 1, rngs=rngs)

    def __call__(self, x):
        x = lax.fori_loop(0, self.cfg.depth, lambda _, h: self.block(h), x)
        return self.head(x.mean(1))[:, 0]


class Evaluator:
    def __init__(self, model):
        self.model = model

    def mse(self, x, y):
        return jnp.mean((self.model(x) - y) ** 2)


def main():
    cfg = MoEConfig()
    model = DepthRecurrentMoE(cfg, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (2, 5, cfg.d_model))
    loss = Evaluator(model).mse(x, jnp.zeros((2,)))
    float(loss)
    return None
