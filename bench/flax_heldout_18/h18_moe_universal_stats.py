# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 router load statistics written by a self.variable inside the router of a shared MoE block applied in a fori_loop over depth; mutable=['moe_stats'] returns them to the aux-loss helper
"""Universal-transformer style mixture-of-experts: one shared MoE block applied repeatedly over depth."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    d_model: int = 16
    num_experts: int = 4
    expert_hidden: int = 32
    depth: int = 4


class Router(nn.Module):
    num_experts: int

    @nn.compact
    def __call__(self, x):
        probs = jax.nn.softmax(nn.Dense(self.num_experts, use_bias=False)(x), axis=-1)
        load = self.variable("moe_stats", "load", jnp.zeros, (self.num_experts,))
        load.value = load.value + jax.nn.one_hot(jnp.argmax(probs, -1), self.num_experts).sum((0, 1))
        return probs


class MoEBlock(nn.Module):
    cfg: MoEConfig

    def setup(self):
        self.router = Router(self.cfg.num_experts)
        self.experts_in = [nn.Dense(self.cfg.expert_hidden) for _ in range(self.cfg.num_experts)]
        self.experts_out = [nn.Dense(self.cfg.d_model) for _ in range(self.cfg.num_experts)]
        self.norm = nn.LayerNorm()

    def __call__(self, x):
        h = self.norm(x)
        probs = self.router(h)
        outs = jnp.stack([o(nn.gelu(i(h))) for i, o in zip(self.experts_in, self.experts_out)], -1)
        return x + jnp.einsum("bte,btde->btd", probs, outs)


class UniversalMoE(nn.Module):
    cfg: MoEConfig

    @nn.compact
    def __call__(self, x):
        block = MoEBlock(self.cfg, name="shared_block")
        x = block(x)
        x = jax.lax.fori_loop(1, self.cfg.depth, lambda _, h: block(h), x)
        return nn.Dense(1)(x.mean(1))


def load_balance_loss(stats, cfg):
    load = stats["moe_stats"]["shared_block"]["router"]["load"]
    frac = load / load.sum()
    return cfg.num_experts * jnp.sum(frac ** 2)


def train_loss(model, cfg, params, x, y):
    pred, stats = model.apply({"params": params}, x, mutable=["moe_stats"])
    return jnp.mean((pred[:, 0] - y) ** 2) + 0.01 * load_balance_loss(stats, cfg)


def main():
    cfg = MoEConfig()
    model = UniversalMoE(cfg)
    x = jax.random.normal(jax.random.key(0), (2, 6, cfg.d_model))
    y = jnp.ones((2,))
    params = model.init(jax.random.key(1), x)["params"]
    loss = functools.partial(train_loss, model, cfg)(params, x, y)
    float(loss)
    return None
