# label: same-values
# flax-error: none
# class: 4 registry -> session config seed -> nnx.Rngs(cfg.seed) rebuilt inside the scan body for every request
"""Model-serving gateway (NNX): a registry of sampler sessions; each request draws exploration samples."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class SessionConfig:
    name: str
    seed: int
    temperature: float = 0.7


class SamplerHead(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(4, 6, rngs=rngs)

    def __call__(self, x, rngs: nnx.Rngs, temperature):
        logits = self.proj(x) / temperature
        return jax.random.categorical(rngs.sample(), logits, shape=(3,))


REGISTRY: dict[str, "Session"] = {}


class Session:
    def __init__(self, cfg: SessionConfig):
        self.cfg = cfg
        self.head = SamplerHead(nnx.Rngs(0))
        REGISTRY[cfg.name] = self

    def sample_requests(self, requests):
        def request(carry, x):
            rngs = nnx.Rngs(sample=self.cfg.seed)
            return carry, self.head(x, rngs, self.cfg.temperature)

        return jax.lax.scan(request, None, requests)[1]


def main():
    Session(SessionConfig("explore-v2", seed=4))
    return REGISTRY["explore-v2"].sample_requests(jnp.ones((5, 4)))
