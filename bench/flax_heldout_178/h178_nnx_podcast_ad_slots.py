# label: same-values
# flax-error: none
# class: 4 AdInsertionService.session(tenant) -> pooled SlotSampler.pick -> sampler.key, drawn from the Rngs stream when the session was pooled, used in the fori_loop body
"""Podcast ad insertion: per-tenant sessions sample which mid-roll slot each listen gets."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class AdConfig:
    tenants: tuple = ("newsroom", "truecrime", "sports")
    slots: int = 5
    features: int = 6
    listens: int = 8


class SlotModel(nnx.Module):
    def __init__(self, config, *, rngs):
        self.proj = nnx.Linear(config.features, config.slots, rngs=rngs)
        self.jitter = nnx.Dropout(0.25)

    def __call__(self, episode, *, rngs):
        return self.jitter(self.proj(episode), rngs=rngs)


class SlotSampler:
    def __init__(self, model, rngs):
        self.model = model
        self.key = rngs.sample()

    def pick(self, episode):
        logits = self.model(episode, rngs=self.key)
        return jax.nn.softmax(logits)


class AdInsertionService:
    def __init__(self, config, rngs):
        self.pool = {
            tenant: SlotSampler(SlotModel(config, rngs=rngs), rngs) for tenant in config.tenants
        }

    def session(self, tenant):
        return self.pool[tenant]


def main():
    config = AdConfig()
    service = AdInsertionService(config, nnx.Rngs(params=0, sample=12))
    service.session("truecrime").model.train()
    episode = jnp.linspace(0.0, 1.0, config.features)

    def listen(i, probs):
        return probs.at[i].set(service.session("truecrime").pick(episode))

    probs = jax.lax.fori_loop(0, config.listens, listen, jnp.zeros((config.listens, config.slots)))
    return probs
