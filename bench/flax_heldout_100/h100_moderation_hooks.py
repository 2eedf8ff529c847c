# label: same-values
# flax-error: none
# class: 5 decorator hook registry -> hook built with functools.partial(model.apply, variables, rngs=...) called in the scan body over MC-dropout samples
"""Chat moderation pipeline: hooks are registered by name and run on each message.

The uncertainty hook estimates toxicity with Monte-Carlo dropout over a fixed number
of samples and returns the per-sample scores for the audit log.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

HOOKS = {}


def register_hook(name):
    def deco(factory):
        HOOKS[name] = factory
        return factory
    return deco


class ToxicityHead(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens, deterministic=True):
        h = nn.Embed(64, self.hidden)(tokens).mean(axis=0)
        h = nn.Dropout(0.3, deterministic=deterministic)(nn.relu(nn.Dense(self.hidden)(h)))
        return nn.sigmoid(nn.Dense(1)(h))[0]


@register_hook("mc_toxicity")
def build_mc_hook(model, variables, rng, samples=6):
    score = functools.partial(model.apply, variables, deterministic=False, rngs={"dropout": rng})

    def hook(tokens):
        def body(carry, _):
            return carry, score(tokens)

        _, draws = scan(body, None, jnp.arange(samples))
        return draws

    return hook


class ModerationPipeline:
    def __init__(self, model, variables, rng, hook_names):
        self.hooks = [HOOKS[n](model, variables, rng) for n in hook_names]

    def review(self, tokens):
        return [hook(tokens) for hook in self.hooks]


def main():
    model = ToxicityHead()
    tokens = jax.random.randint(jax.random.key(0), (12,), 0, 64)
    variables = model.init(jax.random.key(1), tokens)
    pipeline = ModerationPipeline(model, variables, jax.random.key(2), ["mc_toxicity"])
    return pipeline.review(tokens)[0]
