# label: same-values
# flax-error: none
# class: 2 a module-level route_tokens helper carries the router state (with an ExpertLoad nnx.Variable) and builds nnx.Rngs(gating=cfg.seed) afresh inside the scan body every step
"""Noisy top-1 MoE router with load statistics; returns the gating noise of every routing step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class ExpertLoad(nnx.Variable):
    """How many tokens each expert received."""


class NoisyTop1Router(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs: nnx.Rngs):
        self.gate = nnx.Linear(dim, num_experts, rngs=rngs)
        self.load = ExpertLoad(jnp.zeros((num_experts,)))
        self.num_experts = num_experts

    def __call__(self, x, rngs: nnx.Rngs):
        logits = self.gate(x)
        noise = jax.random.normal(rngs.gating(), logits.shape)
        expert = jnp.argmax(logits + noise, axis=-1)
        self.load.value = self.load.value + jax.nn.one_hot(expert, self.num_experts).sum(0)
        return expert, noise


@dataclasses.dataclass(frozen=True)
class RouterConfig:
    dim: int = 8
    num_experts: int = 4
    seed: int = 11
    steps: int = 5


def route_tokens(router, tokens, cfg: RouterConfig):
    graphdef, state = nnx.split(router)

    def body(state, x):
        router = nnx.merge(graphdef, state)
        rngs = nnx.Rngs(gating=cfg.seed)
        _, noise = router(x, rngs)
        _, state = nnx.split(router)
        return state, noise

    state, noise = jax.lax.scan(body, state, tokens)
    nnx.update(router, state)
    return noise


def main():
    cfg = RouterConfig()
    router = NoisyTop1Router(cfg.dim, cfg.num_experts, rngs=nnx.Rngs(0))
    tokens = jnp.ones((cfg.steps, 16, cfg.dim))
    return route_tokens(router, tokens, cfg)
